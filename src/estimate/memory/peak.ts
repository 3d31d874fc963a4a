/**
 * When a training step peaks. A step passes through three moments, and different tensors
 * are live at each (PyTorch's memory snapshots show the same shape: pytorch.org/blog,
 * "Understanding GPU Memory 1", Fig. "memory timeline" of a training loop):
 *
 * - the end of the forward pass: every kept activation and the loss, and gradients only
 *   where they outlive a step (accumulation, or a loop that zeroes them in place);
 * - backward through a recomputed block: the kept block inputs, the one block rebuilt, and
 *   the gradients filled in so far. Without accumulation a block's gradients appear as
 *   later blocks' inputs are released, so the larger of the two is held at once;
 * - the optimizer step: all gradients and the step's temporaries, no activations.
 *
 * The peak is the largest of the three; the breakdown is that moment's.
 */
import type { BreakdownItem } from "../result.ts";
import { part } from "../result.ts";

export type PeakPhase = "forward" | "backward" | "optimizer-step";

export interface StepTensors {
  weights: number;
  master: number;
  /** Optimizer states in PyTorch's allocator (paged states are not). */
  states: number;
  /** Every trainable parameter's gradient, or under optimizer-in-backward the one in flight. */
  gradients: number;
  /** Gradients outlive the step: accumulation, or buffers zeroed in place. */
  gradientsPersist: boolean;
  /** The optimizer step's temporaries (`optimizerStepBytes`). */
  stepTemporaries: number;
  /** The optimizer runs inside backward, parameter by parameter: no separate step. */
  stepInBackward: boolean;
  /** Activations held at the end of the forward pass. */
  forwardActivations: number;
  /** The loss's logits and saved values at the end of the forward pass. */
  loss: number;
  /** Under recomputation: the kept block inputs (0 without). */
  checkpoints: number;
  /** Under recomputation: the working set of the one block rebuilt in backward. */
  rebuiltBlock: number;
  /** What one block's backward allocates besides its saved tensors. */
  backwardTransient: number;
  recomputed: boolean;
  /** FSDP/ZeRO-3 gathered layers and their unsharded gradients, live during both passes. */
  gathered: number;
  /** One dequantized 16-bit weight of a k-bit base, live during both passes. */
  dequantized: number;
}

export interface StepPeak {
  phase: PeakPhase;
  bytes: number;
  /** The parts of the peak, adding up to `bytes`. */
  parts: BreakdownItem[];
}

export function stepPeak(t: StepTensors): StepPeak {
  const heldGrads = t.gradientsPersist || t.stepInBackward ? t.gradients : 0;
  const inBackwardStep = t.stepInBackward ? t.stepTemporaries : 0;
  const candidates: StepPeak[] = [];
  const phase = (
    name: PeakPhase,
    grads: number,
    step: number,
    activations: number,
    loss: number,
    gathered: number,
  ): StepPeak => {
    const parts = [
      part("weights", t.weights),
      part("dequantized-weight", name === "optimizer-step" ? 0 : t.dequantized),
      part("master-weights", t.master),
      part("gradients", grads),
      part("optimizer-states", t.states),
      part("optimizer-step", step),
      part("activations", activations),
      part("logits", loss),
      part("gathered-layers", gathered),
    ];
    return { phase: name, bytes: parts.reduce((a, p) => a + p.value, 0), parts };
  };
  candidates.push(
    phase("forward", heldGrads, inBackwardStep, t.forwardActivations, t.loss, t.gathered),
  );
  if (!t.recomputed)
    // Backward through the last block: every block's tensors and that block's gradients;
    // the loss is gone by then.
    candidates.push(
      phase(
        "backward",
        heldGrads,
        inBackwardStep,
        t.forwardActivations + t.backwardTransient,
        0,
        t.gathered,
      ),
    );
  else {
    const gradsAndInputs = t.gradientsPersist
      ? t.gradients + t.checkpoints
      : Math.max(t.gradients, t.checkpoints);
    // Without accumulation the larger of the two is held; it is shown under its own name.
    const grads = t.gradientsPersist || t.gradients >= t.checkpoints ? t.gradients : 0;
    candidates.push(
      phase(
        "backward",
        grads,
        inBackwardStep,
        gradsAndInputs - grads + t.rebuiltBlock + t.backwardTransient,
        0,
        t.gathered,
      ),
    );
  }
  if (!t.stepInBackward)
    candidates.push(phase("optimizer-step", t.gradients, t.stepTemporaries, 0, 0, 0));
  return candidates.reduce((best, c) => (c.bytes > best.bytes ? c : best));
}
