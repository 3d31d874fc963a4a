/**
 * Reads and validates the catalog outside Astro (command line, unit tests). Astro reads the
 * same file through its content collection with the same schema.
 */
import { readFileSync } from "node:fs";
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { catalogSchema, type GpuEntry } from "./schema.ts";
import { toGpuSpec } from "./to-spec.ts";

export const CATALOG_URL = new URL("../../content/gpus.json", import.meta.url);

export function loadCatalog(): GpuEntry[] {
  return catalogSchema.parse(JSON.parse(readFileSync(CATALOG_URL, "utf8")));
}

export function loadGpuSpecs(): GpuSpec[] {
  return loadCatalog().map(toGpuSpec);
}
