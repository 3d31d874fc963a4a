/** How many FLOPs a training job performs: 6·N·D for transformers, or samples x FLOPs per sample. */

/** Forward 2·N·D + backward 4·N·D (Kaplan et al. 2020, sec. 2.1). */
export const TRAIN_FLOPS_PER_PARAM_TOKEN = 6;
/** Full activation recomputation runs the forward twice: 8·N·D (Korthikanti et al. 2022, sec. 6). */
export const TRAIN_FLOPS_PER_PARAM_TOKEN_FULL_RECOMPUTE = 8;
/** One forward pass: 2 FLOPs (a multiply and an add) per parameter per token. */
export const FORWARD_FLOPS_PER_PARAM_TOKEN = 2;
/**
 * A frozen weight computes no weight gradient, so its backward pass is the input gradient
 * alone, as large as its forward: 2·N·D forward + 2·N·D backward for a LoRA base
 * (formulas.md, "LoRA training FLOPs"; Hu et al. 2021, sec. 4.2, on the backward saving).
 */
export const FROZEN_FLOPS_PER_PARAM_TOKEN = 4;
/** Backward costs about twice the forward, so a forward-only FLOP figure triples for training. */
export const FORWARD_TO_TRAINING_FACTOR = 3;

export type FlopsInput =
  | {
      kind: "transformer";
      /** Parameters used per token (MoE: active ones). */
      params: number;
      tokens: number;
      /** The forward runs again in backward (full recomputation, offloaded or not). */
      fullRecompute?: boolean;
      /** LoRA: the base is frozen and only these parameters train. */
      frozenBase?: { trainableParams: number };
    }
  | { kind: "samples"; samples: number; flopsPerSample: number; forwardOnly?: boolean };

export function trainingFlops(input: FlopsInput): number {
  if (input.kind === "samples")
    return (
      input.samples * input.flopsPerSample * (input.forwardOnly ? FORWARD_TO_TRAINING_FACTOR : 1)
    );
  const { params, tokens } = input;
  const recompute = input.fullRecompute ? FORWARD_FLOPS_PER_PARAM_TOKEN : 0;
  if (!input.frozenBase) return (TRAIN_FLOPS_PER_PARAM_TOKEN + recompute) * params * tokens;
  const trainable = input.frozenBase.trainableParams;
  return (
    (FROZEN_FLOPS_PER_PARAM_TOKEN + recompute) * params * tokens +
    (TRAIN_FLOPS_PER_PARAM_TOKEN + recompute) * trainable * tokens
  );
}
