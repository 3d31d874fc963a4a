/**
 * The catalog as plain `GpuSpec[]` for island props, converted at build time so neither
 * zod nor the sourced schema ever reaches the browser.
 */
import { getCollection } from "astro:content";
import type { GpuSpec } from "../../estimate/gpu.ts";
import { toGpuSpec } from "../../catalog/to-spec.ts";

export async function gpuSpecs(): Promise<GpuSpec[]> {
  return (await getCollection("gpus")).map((entry) => toGpuSpec(entry.data));
}
