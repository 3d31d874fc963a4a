/**
 * `$measured`: what the run-log analyzer measured on a real run, for the cost and fit
 * calculators to use instead of estimates. Persisted like the calculator stores (same safe
 * storage engine, validated field by field on load) but kept out of the share-link registry:
 * a link should not carry someone's file name or measurements.
 *
 * "Nothing measured" is `peakMemoryBytes === 0` and no `tokensPerSecond`; absent throughput is `throughputPerHour === 0`
 * with `workUnit === ""`.
 */
import { computed } from "nanostores";
import type { Input } from "../estimate/request/field.ts";
import { int, num, oneOf, text, withDefaults } from "../estimate/request/field.ts";
import { MEMORY_FIELDS } from "../estimate/memory/fields.ts";
import { taskContext } from "./catalog.ts";
import type { Engine } from "./engine-api.ts";
import { loadEngine } from "./engine.ts";
import { STORE_VERSION, storedAtom } from "./persist.ts";

export const MEASURED_FIELDS = {
  /** GPU name as nvidia-smi reported it (largest-memory GPU of the run). */
  gpuName: text(120),
  /** GPUs with samples in the run. */
  gpuCount: int("gpus", 0, 1024, { default: 0 }),
  /** Highest memory.used of any GPU, bytes (MiB × 2^20). */
  peakMemoryBytes: num("count", 0, 1e15, { default: 0 }),
  /** peak × (1 + headroom), bytes. */
  recommendedBytes: num("count", 0, 1e15, { default: 0 }),
  /** Headroom above the peak, as every memory estimate takes it (the seeds recommend 15-25%). */
  headroom: MEMORY_FIELDS.headroom,
  /** Work units per hour over the steady window for the whole node; 0 when not measured. */
  throughputPerHour: num("work-per-hour", 0, 1e18, { default: 0 }),
  /** "samples", "tokens", "frames" or the unit the probe recorded; "" when not measured. */
  workUnit: text(40),
  /**
   * A trainer's or server's log (`run-log/readers/`): the catalog GPU the run used (the user
   * picks it), its steady tokens/s (training: per GPU; serving: the server's output) and, for
   * a server, the requests it ran at once. "" / 0 when the measurement has none.
   */
  gpuId: text(60),
  basisKind: oneOf(["", "training", "serving"], { default: "" }),
  tokensPerSecond: num("tokens-per-second", 0, 1e9, { default: 0 }),
  concurrency: num("sequences", 0, 1e6, { default: 0 }),
  /** A benchmark that sent all its requests at once: how many (0: a steady load). */
  burstRequests: int("sequences", 0, 100_000, { default: 0 }),
  /** Name of the imported file ("" for a paste). */
  sourceFile: text(200),
  /** When the measurements were taken over, ms since epoch (0 = never). */
  savedAt: num("count", 0, 1e15, { default: 0 }),
} as const;

export type MeasuredState = Required<Input<typeof MEASURED_FIELDS>>;
export const MEASURED_DEFAULTS = withDefaults(MEASURED_FIELDS, {}) as MeasuredState;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Checks measurements (stored or new): valid fields kept, the rest named and defaulted. */
export function checkMeasured(
  raw: unknown,
  engine: Engine,
): { value: MeasuredState; invalid: string[] } {
  if (!isRecord(raw)) return { value: MEASURED_DEFAULTS, invalid: ["*"] };
  const r = engine.check(MEASURED_FIELDS, raw, taskContext());
  const value = withDefaults(MEASURED_FIELDS, r.value) as MeasuredState;
  const invalid = r.issues.map((i) => i.field);
  // A recommendation below the peak it came from is inconsistent: treat as nothing measured.
  if (value.recommendedBytes < value.peakMemoryBytes)
    return { value: MEASURED_DEFAULTS, invalid: [...invalid, "recommendedBytes"] };
  return { value, invalid };
}

export const $measured = storedAtom<MeasuredState>(
  `gpu-calc:measured:v${STORE_VERSION}`,
  MEASURED_DEFAULTS,
  checkMeasured,
  "measured",
);

/**
 * Stores new measurements, checked the same way as a load. Resolves to the fields that
 * were refused (and so not saved as given), for the analyzer to say so; `null` when the
 * estimator that checks them could not load, so nothing was saved.
 */
export async function setMeasured(m: MeasuredState): Promise<string[] | null> {
  const e = await loadEngine();
  if (!e) return null;
  const r = checkMeasured(m, e);
  $measured.set(r.value);
  return r.invalid;
}

/**
 * Whether the plans rank on the measurements (the decision table's box, the analyzer's "use
 * as basis"): kept in storage like the measurements, so the home page and the decision
 * table plan on the run the analyzer read until the box is cleared.
 */
export const $useMeasured = storedAtom<boolean>(
  `gpu-calc:use-measured:v${STORE_VERSION}`,
  false,
  (raw) =>
    typeof raw === "boolean" ? { value: raw, invalid: [] } : { value: false, invalid: ["*"] },
  "use-measured",
);
export const setUseMeasured = (v: boolean): void => $useMeasured.set(v);

/** The measurements, when the analyzer stored any; null otherwise. */
export const $measuredNow = computed($measured, (m) =>
  m.peakMemoryBytes > 0 || (m.tokensPerSecond > 0 && m.gpuId !== "") ? m : null,
);

/** The measurements the GPU ranking uses instead of its memory estimate, when chosen. */
export const $measuredBasis = computed([$measuredNow, $useMeasured], (m, use) => (use ? m : null));
