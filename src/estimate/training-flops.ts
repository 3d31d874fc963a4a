/** How many FLOPs a training job performs: 6·N·D for transformers, or samples x FLOPs per sample. */

/** Forward 2·N·D + backward 4·N·D (Kaplan et al. 2020, sec. 2.1). */
export const TRAIN_FLOPS_PER_PARAM_TOKEN = 6;
/** Full activation recomputation runs the forward twice: 8·N·D (Korthikanti et al. 2022, sec. 6). */
export const TRAIN_FLOPS_PER_PARAM_TOKEN_FULL_RECOMPUTE = 8;
/** Backward costs about twice the forward, so a forward-only FLOP figure triples for training. */
export const FORWARD_TO_TRAINING_FACTOR = 3;

export type FlopsInput =
  | { kind: "transformer"; params: number; tokens: number; fullRecompute?: boolean }
  | { kind: "samples"; samples: number; flopsPerSample: number; forwardOnly?: boolean };

export function trainingFlops(input: FlopsInput): number {
  if (input.kind === "transformer") {
    const k = input.fullRecompute
      ? TRAIN_FLOPS_PER_PARAM_TOKEN_FULL_RECOMPUTE
      : TRAIN_FLOPS_PER_PARAM_TOKEN;
    return k * input.params * input.tokens;
  }
  return (
    input.samples * input.flopsPerSample * (input.forwardOnly ? FORWARD_TO_TRAINING_FACTOR : 1)
  );
}
