/** The calculators' shared state. Importing this module registers every store (for links and Reset). */
export * from "./model.ts";
export * from "./training.ts";
export * from "./inference.ts";
export * from "./compute.ts";
export * from "./cost.ts";
export * from "./fit.ts";
export * from "./share.ts";
