/**
 * What a training request can name beside the job that the pages do not ask: the fused
 * attention kernel when attention is not eager, each at its measured speed
 * (`training/attention-speed.ts`). Training time and the plan take it alike. Apart from
 * `training/job-fields.ts` because it reads the kernels' measured speeds, which only the
 * engine needs: the pages' stores do not ask for it.
 */
import { ATTENTION_KERNELS } from "./attention-speed.ts";
import { oneOf } from "../request/field.ts";

export const KERNEL_FIELDS = {
  attentionKernel: oneOf(ATTENTION_KERNELS, { default: "flash2" }),
} as const;
