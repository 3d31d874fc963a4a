/**
 * The catalog the calculators compute with, converted at build time from the sourced
 * collections (`content/gpus.json`, `content/prices.json`) so neither zod, the figures'
 * sources nor the prices' notes reach the browser.
 * `provide()` hands it and the engine to the stores for the server render;
 * `CatalogData.astro` writes the catalog and the initial results into the page.
 */
import { getCollection } from "astro:content";
import { toGpuSpec } from "../../catalog/to-spec.ts";
import { PRESETS } from "../../estimate/model/presets.ts";
import { toReferencePrices } from "../../prices/to-reference.ts";
import type { Catalog } from "../../stores/catalog.ts";
import { $catalog, provideCatalog } from "../../stores/catalog.ts";
import { engine } from "../../stores/engine-impl.ts";
import { provideEngine } from "../../stores/engine.ts";
import { initialModel, MODEL_INITIAL_KEY } from "../../stores/model.ts";
import { loadBuilders } from "../../stores/builders.ts";
import { requestKey, taskStoreRegistry } from "../../stores/outcome.ts";
import "../../stores/results/all.ts";

export async function calcCatalog(): Promise<Catalog> {
  const gpus = (await getCollection("gpus")).map((entry) => toGpuSpec(entry.data));
  const prices = toReferencePrices((await getCollection("prices")).map((entry) => entry.data));
  return { gpus, presets: [...PRESETS], prices };
}

/** Gives the stores the catalog and the engine before an island renders on the server. */
export async function provide(): Promise<void> {
  provideEngine(engine);
  provideCatalog(await calcCatalog());
  await loadBuilders();
}

/**
 * The page data: the catalog, every calculator's result for its initial inputs, and the
 * requests the engine builds.
 */
export async function pageData(): Promise<Catalog> {
  await provide();
  const initial: Record<string, unknown> = { [MODEL_INITIAL_KEY]: initialModel() };
  for (const ts of taskStoreRegistry) {
    const { request, outcome } = ts.initial();
    initial[ts.id] = outcome;
    // A request built by code that loads later comes with the page, as its result does.
    if (ts.loadBuilder) initial[requestKey(ts.id)] = request;
  }
  return { ...$catalog.get(), initial };
}
