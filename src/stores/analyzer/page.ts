/**
 * The analyzer page: whether its island has started (until then the server-rendered inputs
 * stay disabled), and the GPUs it sizes and compares with, the catalog the page was built
 * with (the analyzer page carries no calculator catalog of its own).
 */
import { atom } from "nanostores";
import type { GpuSpec } from "../../estimate/hardware/gpu.ts";

export const $analyzerReady = atom(false);
export const $analyzerGpus = atom<readonly GpuSpec[]>([]);

/** Called once the island is on the page. */
export function startAnalyzer(gpus: readonly GpuSpec[]): void {
  $analyzerGpus.set(gpus);
  $analyzerReady.set(true);
}
