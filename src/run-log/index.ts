/** The run-log importer: parse nvidia-smi CSV logs and probe files, then analyse and compare. */
export * from "./types.ts";
export * from "./nvidia-smi-csv.ts";
export * from "./probe-json.ts";
export * from "./steady-state.ts";
export * from "./analysis.ts";
export * from "./compare.ts";
export * from "./timeline.ts";
export * from "./cap.ts";
