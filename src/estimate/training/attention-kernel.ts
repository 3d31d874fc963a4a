/**
 * What a training request can name beside the job that the pages do not ask: the fused
 * attention kernel when attention is not eager, each at its measured speed
 * (`training/attention-speed.ts`). Training time and the plan take it alike. Apart from
 * `training/job-fields.ts`, and not named `*-fields.ts`, so it loads with the engine
 * (`src/build/chunk-groups.ts`) and the pages' stores do not carry it.
 */
import { ATTENTION_KERNELS } from "./attention-speed.ts";
import { oneOf } from "../request/field.ts";

export const KERNEL_FIELDS = {
  attentionKernel: oneOf(ATTENTION_KERNELS, { default: "flash2" }),
} as const;
