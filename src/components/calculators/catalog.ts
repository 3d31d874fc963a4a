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
import { toExchangeRates, toReferencePrices } from "../../prices/to-reference.ts";
import type { Lang } from "../../i18n/lang.ts";
import { LANG_CURRENCY } from "../../i18n/lang.ts";
import type { Catalog } from "../../stores/catalog.ts";
import { $catalog, provideCatalog } from "../../stores/catalog.ts";
import { engine } from "../../stores/engine-impl.ts";
import { provideEngine } from "../../stores/engine.ts";
import { initialModel, MODEL_INITIAL_KEY } from "../../stores/model.ts";
import { loadBuilders } from "../../stores/builders.ts";
import { requestKey, taskStoreRegistry } from "../../stores/outcome.ts";
import "../../stores/results/all.ts";

/** The catalog; with a page's language, that page's currency. */
export async function calcCatalog(lang?: Lang): Promise<Catalog> {
  const gpus = (await getCollection("gpus")).map((entry) => toGpuSpec(entry.data));
  const prices = toReferencePrices((await getCollection("prices")).map((entry) => entry.data));
  const rates = toExchangeRates((await getCollection("exchangeRates")).map((entry) => entry.data));
  return {
    gpus,
    presets: [...PRESETS],
    prices,
    rates,
    ...(lang ? { currency: LANG_CURRENCY[lang] } : {}),
  };
}

/**
 * Gives the stores the catalog and the engine before an island renders on the server, with
 * the page's language: a plan's costs are in its currency until the user chooses one.
 */
export async function provide(lang: Lang): Promise<void> {
  provideEngine(engine);
  provideCatalog(await calcCatalog(lang));
  await loadBuilders();
}

/**
 * The page data: the catalog, every calculator's result for its initial inputs, and the
 * requests the engine builds.
 */
export async function pageData(lang: Lang): Promise<Catalog> {
  await provide(lang);
  const initial: Record<string, unknown> = { [MODEL_INITIAL_KEY]: initialModel() };
  for (const ts of taskStoreRegistry) {
    const { request, outcome } = ts.initial();
    initial[ts.id] = outcome;
    // A request built by code that loads later comes with the page, as its result does.
    if (ts.loadBuilder) initial[requestKey(ts.id)] = request;
  }
  return { ...$catalog.get(), initial };
}
