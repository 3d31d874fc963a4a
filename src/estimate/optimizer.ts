/** Optimizer state sizes per trainable parameter. */
import type { Optimizer } from "./vocabulary.ts";
export type { Optimizer } from "./vocabulary.ts";
import type { ModelArch } from "./model.ts";
import { matrixShapes, paramCounts } from "./model.ts";

/** AdamW keeps momentum and variance: two states per parameter (Loshchilov & Hutter 2019). */
export const ADAM_STATES = 2;
/** SGD with momentum keeps one momentum buffer per parameter. */
export const SGD_MOMENTUM_STATES = 1;
/**
 * bitsandbytes 8-bit Adam: two 1-byte states plus one fp32 absmax per 2048-value block
 * (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization", sec. 2).
 */
export const ADAM_8BIT_BYTES_PER_PARAM = 2 + (2 * 4) / 2048;

/**
 * Optimizer state bytes. Adafactor without momentum (the HF default, beta1 = None) keeps
 * one row and one column second-moment vector per matrix (Shazeer & Stern 2018, sec. 3)
 * and a full second moment for vectors; with only a parameter count it is approximated
 * as 1% of AdamW's states and flagged.
 */
export function optimizerStateBytes(
  optimizer: Optimizer,
  trainableParams: number,
  stateBytes: number,
  arch: ModelArch | undefined,
  fullModelTrainable: boolean,
): { bytes: number; approximate: boolean } {
  switch (optimizer) {
    case "adamw":
      return { bytes: trainableParams * ADAM_STATES * stateBytes, approximate: false };
    case "sgd-momentum":
      return { bytes: trainableParams * SGD_MOMENTUM_STATES * stateBytes, approximate: false };
    case "adam-8bit":
      return { bytes: trainableParams * ADAM_8BIT_BYTES_PER_PARAM, approximate: false };
    case "adafactor": {
      if (!arch || !fullModelTrainable)
        return { bytes: trainableParams * 0.01 * ADAM_STATES * stateBytes, approximate: true };
      let values = 0;
      let matrixParams = 0;
      for (const s of matrixShapes(arch)) {
        values += (s.rows + s.cols) * s.count;
        matrixParams += s.rows * s.cols * s.count;
      }
      values += paramCounts(arch).total - matrixParams;
      return { bytes: values * stateBytes, approximate: false };
    }
  }
}
