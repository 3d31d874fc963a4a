import { defineStrings } from "./define.ts";

/**
 * Strings of the GPU-bound diagnosis: what a measured gap against the paper gap says.
 */
export const diagnosisStrings = defineStrings(
  {
    "warn.not-gpu-bound":
      "Paper gap {paperRatio} but measured only {measuredRatio}: CPU, disk, network or memory bandwidth limits the job.",
    "warn.partly-gpu-bound":
      "Measured gap {measuredRatio} of a paper gap {paperRatio}: partly GPU-bound.",
  },
  {
    "warn.not-gpu-bound":
      "纸面差距 {paperRatio}，实测只有 {measuredRatio}：瓶颈在 CPU、磁盘、网络或内存带宽。",
    "warn.partly-gpu-bound": "纸面差距 {paperRatio}，实测 {measuredRatio}：部分受 GPU 限制。",
  },
);
