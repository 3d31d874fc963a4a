/**
 * The catalog the calculators compute with, converted at build time from the sourced
 * collection (`content/gpus.json`) so neither zod nor the sources reach the browser.
 * `provide()` hands it to the stores for the server render; `CatalogData.astro` writes the
 * same data into the page for the browser.
 */
import { getCollection } from "astro:content";
import { toGpuSpec } from "../../catalog/to-spec.ts";
import { PRESETS } from "../../estimate/presets.ts";
import type { Catalog } from "../../stores/catalog.ts";
import { provideCatalog } from "../../stores/catalog.ts";

export async function calcCatalog(): Promise<Catalog> {
  const gpus = (await getCollection("gpus")).map((entry) => toGpuSpec(entry.data));
  return { gpus, presets: [...PRESETS] };
}

/** Gives the stores the catalog before an island renders on the server. */
export async function provide(): Promise<void> {
  provideCatalog(await calcCatalog());
}
