/**
 * The analyzer page: whether its island has started (until then the server-rendered inputs
 * stay disabled), and the GPUs it sizes and compares with, the catalog the page was built
 * with (the analyzer page carries no calculator catalog of its own).
 */
import { atom } from "nanostores";
import type { GpuSpec } from "../../estimate/hardware/gpu.ts";
import type { Preset } from "../../estimate/model/presets.ts";

export const $analyzerReady = atom(false);
export const $analyzerGpus = atom<readonly GpuSpec[]>([]);
/** The model presets an estimate beside a trainer's or server's log resolves its model with. */
export const $analyzerPresets = atom<readonly Preset[]>([]);

/** Called once the island is on the page. */
export function startAnalyzer(gpus: readonly GpuSpec[], presets: readonly Preset[] = []): void {
  $analyzerGpus.set(gpus);
  $analyzerPresets.set(presets);
  $analyzerReady.set(true);
}
