/**
 * The calculator stores without the share code: islands import from here, so the stores
 * travel in one shared chunk (a chunk per store costs more gzip overhead than it saves) and
 * the link encoder and Reset (`share.ts`) stay out of page loads.
 */
export * from "./model.ts";
export * from "./training.ts";
export * from "./inference.ts";
export * from "./compute.ts";
export * from "./cost.ts";
export * from "./fit.ts";
