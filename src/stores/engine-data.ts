/**
 * What only the engine reads, kept out of the page's first visit and loaded with the engine
 * (`engine.ts`): the reference prices and exchange rates a plan's costs use, and the words of
 * results the page was not built with (warnings, assumptions, their sources). A page carries
 * what its first render shows; this file, one per language named by its content's hash
 * (`src/pages/engine-data/`), is cached across pages and never served stale.
 */
import type { ExchangeRate } from "../estimate/cost/exchange.ts";
import type { ReferencePrice } from "../estimate/cost/price.ts";
import type { Strings } from "../i18n/format.ts";
import { addCatalogData } from "./catalog.ts";
import { lazy } from "./lazy.ts";
import { addPageStrings } from "./strings.ts";

/** The attribute naming the page language's file. */
export const ENGINE_DATA_ATTRIBUTE = "data-engine-data";

export interface EngineData {
  prices: ReferencePrice[];
  rates: ExchangeRate[];
  /** Result messages by key, in the file's language. */
  messages: Strings;
}

const isArray = (x: unknown): x is unknown[] => Array.isArray(x);

/** Fetches the file the page names into the catalog and the page's strings. */
export const engineData = lazy(async (): Promise<EngineData> => {
  const path = document
    .querySelector(`[${ENGINE_DATA_ATTRIBUTE}]`)
    ?.getAttribute(ENGINE_DATA_ATTRIBUTE);
  // A page without calculators names none: the engine computes with what it has.
  if (!path) return { prices: [], rates: [], messages: {} };
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const data = (await response.json()) as Partial<EngineData>;
  if (!isArray(data.prices) || !isArray(data.rates) || typeof data.messages !== "object")
    throw new Error(`${path}: not the engine's data`);
  const read = data as EngineData;
  addCatalogData(read.prices, read.rates);
  addPageStrings(read.messages);
  return read;
});
