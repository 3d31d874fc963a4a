/** Decode, prefill and serving for the throughput widget (see `inputs.ts` for the mapping rule). */
import type { GpuSpec } from "../../estimate/gpu.ts";
import { defaultScaleBits, quantizedWeightBytes } from "../../estimate/inference-memory.ts";
import { decodeSpeed, prefillSeconds, requestsPerSecond } from "../../estimate/inference-speed.ts";
import { isArch, paramCounts, shapeFromParams } from "../../estimate/model.ts";
import { kvBytesPerToken } from "../../estimate/kv-cache.ts";
import type { ModelState } from "../../stores/model.ts";
import type { InferenceState } from "../../stores/inference.ts";

/** Decode, prefill and serving rates on `gpu`, wired as run.ts's "decode-speed" task does. */
export function speed(m: ModelState, s: InferenceState, gpu: GpuSpec) {
  const counts = paramCounts(m.spec);
  const arch = isArch(m.spec) ? m.spec : shapeFromParams(m.spec.params);
  const share = counts.active / counts.total;
  const weightBytes = quantizedWeightBytes(
    counts.active,
    counts.quantizable * share,
    s.weightBits,
    defaultScaleBits(s.weightBits),
    s.engine,
  );
  const decode = decodeSpeed({
    gpu,
    weightBytes: weightBytes / s.gpus,
    activeParams: counts.active,
    kvBytesPerToken: kvBytesPerToken(arch, s.kvBits),
    contextTokens: s.context,
    batch: s.sequences,
    engine: s.engine,
    gpus: s.gpus,
  });
  const prefill = prefillSeconds({
    gpu,
    activeParams: counts.active,
    promptTokens: s.promptTokens,
    engine: s.engine,
    gpus: s.gpus,
  });
  const serving = requestsPerSecond({
    decode,
    ttftSeconds: prefill.seconds,
    outputTokens: s.outputTokens,
    concurrency: s.sequences,
  });
  return { decode, prefill, serving };
}
