/**
 * The catalog the calculators compute with, converted at build time from the sourced
 * collections (`content/gpus.json`, `content/prices.json`) so neither zod, the figures'
 * sources nor the prices' notes reach the browser.
 * `provide()` hands it and the engine to the stores for the server render;
 * `CatalogData.astro` writes the catalog and the initial results into the page, and the
 * endpoint `src/pages/engine-data/` what the page loads with the engine.
 */
import { createHash } from "node:crypto";
import { getCollection } from "astro:content";
import { pinnedSiteDay } from "../../catalog/site-date.ts";
import { toGpuSpec } from "../../catalog/to-spec.ts";
import { inLang } from "../../catalog/zh-twin.ts";
import { PRESETS } from "../../estimate/model/presets.ts";
import { toExchangeRates, toReferencePrices } from "../../prices/to-reference.ts";
import type { Lang } from "../../i18n/lang.ts";
import { LANG_CURRENCY } from "../../i18n/lang.ts";
import type { Catalog, FullCatalog } from "../../stores/catalog.ts";
import { $catalog, provideCatalog } from "../../stores/catalog.ts";
import { calculatorStrings, engineMessages } from "../../i18n/calculators.ts";
import type { EngineData } from "../../stores/engine-data.ts";
import { engine } from "../../stores/engine-impl.ts";
import { provideStrings } from "../../stores/strings.ts";
import { provideEngine } from "../../stores/engine.ts";
import { initialModel, MODEL_INITIAL_KEY } from "../../stores/model.ts";
import "../../stores/results/all.ts";

/** The catalog; with a page's language, that page's currency. */
export async function calcCatalog(lang?: Lang): Promise<FullCatalog> {
  const gpus = (await getCollection("gpus")).map((entry) => toGpuSpec(entry.data));
  const prices = toReferencePrices((await getCollection("prices")).map((entry) => entry.data));
  // A converted cost names its rate's source: in the page's language (the source only shows).
  const rates = toExchangeRates(
    (await getCollection("exchangeRates")).map(({ data }) =>
      lang ? { ...data, source: inLang(lang, data.source, data.sourceZh) } : data,
    ),
  );
  const today = pinnedSiteDay();
  return {
    gpus,
    presets: [...PRESETS],
    prices,
    rates,
    ...(lang ? { currency: LANG_CURRENCY[lang] } : {}),
    // Only a pinned day travels with the page: else a visitor's plan ages prices to their day.
    ...(today ? { today } : {}),
  };
}

/**
 * Gives the stores the catalog and the engine before an island renders on the server, with
 * the page's language: a plan's costs are in its currency until the user chooses one.
 */
export async function provide(lang: Lang): Promise<void> {
  provideEngine(engine);
  provideStrings((l) => calculatorStrings(l === "en" ? "en" : "zh-cn"));
  provideCatalog(await calcCatalog(lang));
}

/**
 * The page data every calculator page carries once: the page's part of the catalog (what
 * only the engine reads is in `engineDataFile`), and the initial model.
 */
export async function pageData(lang: Lang): Promise<Catalog> {
  await provide(lang);
  return { ...$catalog.get(), initial: { [MODEL_INITIAL_KEY]: initialModel() } };
}

export interface EngineDataFile {
  /** The file's name under `/engine-data/`, without `.json`: `zh-cn.3f2a9c01de`. */
  name: string;
  /** Its path on the site. */
  path: string;
  body: string;
}

/**
 * What a page loads with the engine (`src/stores/engine-data.ts`) in one language, named by
 * its content's hash: a browser may keep it for good, and a new build's data come under a
 * new name, never from an old copy.
 */
export async function engineDataFile(lang: Lang): Promise<EngineDataFile> {
  const { gpus, presets, prices, rates } = await calcCatalog(lang);
  const data: EngineData = { gpus, presets, prices, rates, messages: engineMessages(lang) };
  const body = JSON.stringify(data);
  const name = `${lang}.${createHash("sha256").update(body).digest("hex").slice(0, 10)}`;
  return { name, path: `/engine-data/${name}.json`, body };
}
