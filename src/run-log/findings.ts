/**
 * What the analysis says about a run, as codes with parameters for the page to translate
 * (`finding.<code>` in `src/i18n/analyzer.ts`).
 */
export type FindingCode =
  | "no-samples"
  | "short-run"
  | "no-steady-state"
  | "long-warmup"
  | "low-util-steady"
  | "high-util-check-throughput"
  | "periodic-idle-gaps"
  | "idle-gaps"
  | "memory-near-capacity"
  | "recommended-exceeds-gpu"
  | "smaller-gpu-fits"
  | "no-catalog-gpu-fits"
  | "memory-not-sized"
  | "memory-growing"
  | "memory-total-unknown"
  | "gpu-unused"
  | "imbalanced-gpus"
  | "throughput-includes-warmup";

export interface Finding {
  code: FindingCode;
  severity: "info" | "warn";
  /** The GPU the finding is about; null for the run as a whole. */
  gpuIndex: number | null;
  params: Record<string, number | string>;
}

/** Collects the findings about one GPU (or the run, `gpuIndex` null) in the order they arise. */
export function findingsOf(gpuIndex: number | null) {
  const list: Finding[] = [];
  const add =
    (severity: Finding["severity"]) =>
    (code: FindingCode, params: Finding["params"] = {}): void =>
      void list.push({ code, severity, gpuIndex, params });
  return { list, warn: add("warn"), info: add("info") };
}
