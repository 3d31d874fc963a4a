/**
 * Every calculator store. Islands import only the stores they read; the link encoder and
 * Reset (`share.ts`, loaded on demand) import this module so a link and Reset cover all of
 * them, including stores set on another guide.
 */
export * from "./model.ts";
export * from "./training.ts";
export * from "./inference.ts";
export * from "./compute.ts";
export * from "./cost.ts";
export * from "./fit.ts";
