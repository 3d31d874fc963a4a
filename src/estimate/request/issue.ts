/**
 * What is wrong with a request, as data: the field (a dotted path such as `lora.rank` or
 * `options.1.gpu`), a code and its parameters. The command line and the page print the same
 * codes from one dictionary (`src/i18n/issues.ts`), in English or Chinese.
 */
export type IssueCode =
  | "required"
  | "not-a-number"
  | "not-whole"
  | "out-of-range"
  | "not-an-option"
  | "not-a-boolean"
  | "not-a-string"
  | "not-a-date"
  | "not-an-object"
  | "not-a-list"
  | "list-length"
  | "duplicate"
  | "unknown-field"
  | "unknown-task"
  | "unknown-gpu"
  | "gpu-no-bandwidth"
  | "gpu-no-compute"
  | "unknown-preset"
  | "model-kind"
  | "hf-not-object"
  | "hf-bad-json"
  | "hf-missing"
  | "hf-out-of-range"
  | "hf-model-type"
  | "hf-no-model-type"
  | "hf-too-deep"
  | "too-many-gpus"
  | "prompt-exceeds-context"
  | "tp-heads"
  | "tp-kv-copies"
  | "tp-kv-heads"
  | "engine-load-failed"
  | "currency-mismatch"
  | "tp-exceeds-gpus"
  | "tp-not-divisor"
  | "layout-not-divisor"
  | "stages-exceed-layers"
  | "experts-layout-not-divisor"
  | "experts-not-divisible"
  | "dense-no-experts"
  | "needs-single-micro-batch"
  | "kv-heads-divide"
  | "active-experts"
  | "sliding-layers"
  | "file-missing"
  | "active-params"
  | "needs-one-of"
  | "needs-with"
  | "run-hours-needed"
  | "serving-no-deadline"
  | "result-not-finite";

export interface Issue {
  field: string;
  code: IssueCode;
  params: Record<string, string | number>;
  /**
   * The label key of the field the path ends at, where its table names one (`lora.rank` is
   * labelled `f.loraRank`): a path alone cannot say it.
   */
  label?: string;
}

export const issue = (
  field: string,
  code: IssueCode,
  params: Record<string, string | number> = {},
): Issue => ({ field, code, params });

/** Joins a parent path and a key: `lora` + `rank` → `lora.rank`. */
export const at = (path: string, key: string | number): string =>
  path ? `${path}.${key}` : String(key);
