/** The calculators' shared state. Importing this module registers every store (for links and Reset). */
export * from "./calc.ts";
export * from "./share.ts";
