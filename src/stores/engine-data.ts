/**
 * What only the engine reads, kept out of the page's first visit and loaded with the engine
 * (`engine.ts`): the whole GPU specs and presets, the reference prices and exchange rates a
 * plan's costs use (`EngineCatalog`), and the words of results the page was not built with
 * (warnings, assumptions, their sources, issues). A page carries what its first render
 * shows; this file, one per language named by its content's hash (`src/pages/engine-data/`),
 * is cached across pages and never served stale.
 */
import type { Strings } from "../i18n/format.ts";
import type { EngineCatalog } from "./catalog.ts";
import { addEngineCatalog } from "./catalog.ts";
import { lazy } from "./lazy.ts";
import { addPageStrings } from "./strings.ts";

/** The attribute naming the page language's file. */
export const ENGINE_DATA_ATTRIBUTE = "data-engine-data";

export interface EngineData extends EngineCatalog {
  /** Result messages by key, in the file's language. */
  messages: Strings;
}

/** Fetches the file the page names into the catalog and the page's strings. */
export const engineData = lazy(async (): Promise<EngineData> => {
  const path = document
    .querySelector(`[${ENGINE_DATA_ATTRIBUTE}]`)
    ?.getAttribute(ENGINE_DATA_ATTRIBUTE);
  // A page without calculators names none: the engine computes with what it has.
  if (!path) return { gpus: [], presets: [], prices: [], rates: [], messages: {} };
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const data = (await response.json()) as Partial<EngineData>;
  const lists = [data.gpus, data.presets, data.prices, data.rates];
  if (
    !lists.every((l) => Array.isArray(l)) ||
    typeof data.messages !== "object" ||
    data.messages === null
  )
    throw new Error(`${path}: not the engine's data`);
  const { messages, ...catalog } = data as EngineData;
  addEngineCatalog(catalog);
  addPageStrings(messages);
  return data as EngineData;
});
