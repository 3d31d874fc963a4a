/**
 * What the run-log analyzer measured, on the pages that plan: its store (`measured.ts`)
 * loads only when a measurement is stored, so a page that has none (every first visit)
 * does not load it. The plan and the decision table read these mirrors.
 */
import { atom, computed } from "nanostores";
import type * as MeasuredModule from "./measured.ts";
import type { MeasuredState } from "./measured.ts";
import { STORE_VERSION } from "./persist.ts";
import { readStored } from "./storage.ts";

type Measured = typeof MeasuredModule;

/** The measurements, once their store has loaded and checked them; null until then. */
export const $measuredNow = atom<MeasuredState | null>(null);
/** Whether the decision table ranks by the measured peak (page-local). */
export const $useMeasuredNow = atom(false);
let loaded: Measured | null = null;

export const setUseMeasured = (v: boolean): void => loaded?.setUseMeasured(v);

if (typeof window !== "undefined" && readStored(`gpu-calc:measured:v${STORE_VERSION}`))
  void import("./measured.ts").then(
    (m) => {
      loaded = m;
      m.$measured.subscribe((v) => $measuredNow.set(v.peakMemoryBytes > 0 ? v : null));
      m.$useMeasured.subscribe((v) => $useMeasuredNow.set(v));
    },
    // Without its store the plan keeps its estimate, as with nothing measured.
    () => undefined,
  );

/** The measurements the GPU ranking uses instead of its memory estimate, when chosen. */
export const $measuredBasis = computed([$measuredNow, $useMeasuredNow], (m, use) =>
  use ? m : null,
);
