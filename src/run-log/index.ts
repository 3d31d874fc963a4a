/** The run-log importer: parse nvidia-smi CSV logs and probe files, then analyse and compare. */
export * from "./types.ts";
export * from "./nvidia-smi-csv.ts";
export * from "./probe-json.ts";
export * from "./steady-state.ts";
export * from "./findings.ts";
export * from "./histogram.ts";
export * from "./idle-gaps.ts";
export * from "./throughput.ts";
export * from "./gpu-analysis.ts";
export * from "./run-analysis.ts";
export * from "./sizing.ts";
export * from "./report.ts";
export * from "./paper-peak.ts";
export * from "./gpu-match.ts";
export * from "./timeline.ts";
export * from "./cap.ts";
