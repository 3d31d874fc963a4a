/**
 * `$catalog`: the GPUs, model presets and reference prices every calculator computes with.
 * The page carries the GPUs and presets once as data (`<script type="application/json"
 * id="calc-catalog">`, written by `CatalogData.astro`), so they cost no JavaScript; the
 * prices and exchange rates, which only the engine reads, come with it (`engine-data.ts`).
 * At build time the Astro wrapper of a calculator provides the whole catalog before its
 * island renders.
 */
import { atom } from "nanostores";
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { Preset } from "../estimate/model/presets.ts";
import type { ReferencePrice } from "../estimate/cost/price.ts";
import type { ExchangeRate } from "../estimate/cost/exchange.ts";
import type { Currency } from "../estimate/vocabulary.ts";
import type { TaskContext } from "../estimate/request/task.ts";

export interface Catalog {
  gpus: GpuSpec[];
  presets: Preset[];
  /** Sourced on-demand prices (`content/prices.json`); data, not code, loaded with the engine. */
  prices: ReferencePrice[];
  /** Dated exchange rates (`content/exchange-rates.json`) a plan converts prices with. */
  rates?: ExchangeRate[];
  /** The page's currency (its language's), what a plan shows costs in until one is chosen. */
  currency?: Currency;
  /** The day plans age reference prices to, when the build pinned one (`site-date.ts`). */
  today?: string;
  /**
   * What each calculator shows for its initial inputs, computed at build time by the
   * engine, by store key: the page shows these until the engine has loaded.
   */
  initial?: Record<string, unknown>;
}

export const CATALOG_ELEMENT_ID = "calc-catalog";
/** Marks each widget's initial results in the page (`CalcPageData.astro`). */
export const INITIAL_RESULTS_ATTRIBUTE = "data-calc-initial";

const parse = (text: string | null | undefined): unknown => (text ? JSON.parse(text) : {});

function fromPage(): Catalog {
  try {
    const parsed = parse(
      document.getElementById(CATALOG_ELEMENT_ID)?.textContent,
    ) as Partial<Catalog>;
    const initial = { ...parsed.initial };
    for (const el of document.querySelectorAll(`script[${INITIAL_RESULTS_ATTRIBUTE}]`)) {
      Object.assign(initial, parse(el.textContent));
    }
    return {
      gpus: parsed.gpus ?? [],
      presets: parsed.presets ?? [],
      prices: parsed.prices ?? [],
      rates: parsed.rates ?? [],
      ...(parsed.currency ? { currency: parsed.currency } : {}),
      ...(parsed.today ? { today: parsed.today } : {}),
      initial,
    };
  } catch {
    return { gpus: [], presets: [], prices: [] };
  }
}

export const $catalog = atom<Catalog>(
  typeof document === "undefined" ? { gpus: [], presets: [], prices: [] } : fromPage(),
);

/** Build time only: the catalog the server renders with (the page reads its own copy). */
export function provideCatalog(catalog: Catalog): void {
  if (typeof document === "undefined") $catalog.set(catalog);
}

/** The reference prices and exchange rates, which come with the engine (`engine-data.ts`). */
export function addCatalogData(prices: ReferencePrice[], rates: ExchangeRate[]): void {
  $catalog.set({ ...$catalog.get(), prices, rates });
}

/** What the request checker and the tasks read. */
export const taskContext = (c: Catalog = $catalog.get()): TaskContext => ({
  gpus: c.gpus,
  presets: c.presets,
  prices: c.prices,
  rates: c.rates ?? [],
  ...(c.currency ? { currency: c.currency } : {}),
  ...(c.today ? { today: c.today } : {}),
});
