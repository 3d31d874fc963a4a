/**
 * The training defaults that depend on the rest of the request, apart from the field table
 * so that a page's inputs load without every framework's profile.
 */
import type { Framework } from "../vocabulary.ts";
import type { ProfileGiven } from "./frameworks.ts";
import { FRAMEWORK_PROFILES } from "./frameworks.ts";

/**
 * Defaults that depend on the rest of the request: a framework's profile, and a frozen
 * LoRA base kept in the training dtype (fp32 training: 32 bits, otherwise 16). The fields
 * the request sets win over these (`withDerived`).
 */
export function trainingDefaults(checked: Record<string, unknown>): Record<string, unknown> {
  // The request has passed the field table's checks, so its fields have these types.
  const given = checked as ProfileGiven & { framework?: Framework; gradAccumulation?: number };
  const profile = given.framework ? FRAMEWORK_PROFILES[given.framework] : undefined;
  const single = !given.lora && (given.gpus ?? 1) === 1;
  const out: Record<string, unknown> = {
    ...profile?.training,
    ...(single ? profile?.fullSingleDevice : {}),
  };
  // Stepping in backward needs each gradient whole after one micro-batch (torchtune refuses
  // `optimizer_in_bwd` with gradient accumulation), so a profile never turns it on then.
  if ((given.gradAccumulation ?? 1) > 1) delete out["optimizerInBackward"];
  if (given.lora) {
    const precision = given.precision ?? profile?.training.precision;
    out["lora"] = {
      ...(precision === "fp32" ? { baseBits: 32 } : {}),
      ...profile?.lora({ precision, lora: given.lora }),
    };
  }
  return out;
}
