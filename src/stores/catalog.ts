/**
 * The catalog, in two parts. `$catalog` is what the page shows and chooses from: each GPU's
 * and preset's name (a choice in a select, a name in a sentence), the page's currency and
 * day, and the initial model; the page carries it once as data (`<script
 * type="application/json" id="calc-catalog">`, written by `CatalogData.astro`), so it costs
 * no JavaScript. `$engineCatalog` is what only the engine computes with (whole GPU specs and
 * presets, reference prices, exchange rates): it comes with the engine (`engine-data.ts`).
 * At build time the Astro wrapper of a calculator provides both before its island renders.
 */
import { atom } from "nanostores";
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { Preset } from "../estimate/model/presets.ts";
import type { ReferencePrice } from "../estimate/cost/price.ts";
import type { ExchangeRate } from "../estimate/cost/exchange.ts";
import type { Currency } from "../estimate/vocabulary.ts";
import type { TaskContext } from "../estimate/request/task.ts";

/** A GPU as the page shows it: a choice in a select, a name in a sentence. */
export type GpuChoice = Pick<GpuSpec, "id" | "name" | "memoryGB">;
/**
 * A model preset as the page lists it: what a search matches and a select chooses. Where the
 * chosen one's figures come from comes with the core's reading of it (`ModelName`).
 */
export type PresetChoice = Pick<Preset, "id" | "name">;

/** What the page shows and chooses from, carried in the page. */
export interface Catalog {
  gpus: GpuChoice[];
  presets: PresetChoice[];
  /** The page's currency (its language's), what a plan shows costs in until one is chosen. */
  currency?: Currency;
  /** The day plans age reference prices to, when the build pinned one (`site-date.ts`). */
  today?: string;
  /**
   * What the stores derive from their initial inputs without the engine, computed at build
   * time, by store key: the initial model's reading (`model.ts`).
   */
  initial?: Record<string, unknown>;
}

/** What the engine computes with: whole GPU specs and presets, and the sourced prices and rates. */
export interface EngineCatalog {
  gpus: GpuSpec[];
  presets: Preset[];
  /** Sourced on-demand prices (`content/prices.json`). */
  prices: ReferencePrice[];
  /** Dated exchange rates (`content/exchange-rates.json`) a plan converts prices with. */
  rates: ExchangeRate[];
}

/** The whole catalog, as the build reads it. */
export type FullCatalog = EngineCatalog & Pick<Catalog, "currency" | "today">;

export const CATALOG_ELEMENT_ID = "calc-catalog";

const parse = (text: string | null | undefined): unknown => (text ? JSON.parse(text) : {});

function fromPage(): Catalog {
  try {
    const parsed = parse(
      document.getElementById(CATALOG_ELEMENT_ID)?.textContent,
    ) as Partial<Catalog>;
    return {
      gpus: parsed.gpus ?? [],
      presets: parsed.presets ?? [],
      ...(parsed.currency ? { currency: parsed.currency } : {}),
      ...(parsed.today ? { today: parsed.today } : {}),
      ...(parsed.initial ? { initial: parsed.initial } : {}),
    };
  } catch {
    return { gpus: [], presets: [] };
  }
}

export const $catalog = atom<Catalog>(
  typeof document === "undefined" ? { gpus: [], presets: [] } : fromPage(),
);

/** Empty until the engine's data have loaded (`engine-data.ts`); whole at build time. */
export const $engineCatalog = atom<EngineCatalog>({ gpus: [], presets: [], prices: [], rates: [] });

/** The page's part of a whole catalog: what it shows and chooses from. */
export function pageCatalog(c: FullCatalog): Catalog {
  return {
    gpus: c.gpus.map(({ id, name, memoryGB }) => ({ id, name, memoryGB })),
    presets: c.presets.map(({ id, name }) => ({ id, name })),
    ...(c.currency ? { currency: c.currency } : {}),
    ...(c.today ? { today: c.today } : {}),
  };
}

/** Build time only: the catalog the server renders with (the page reads its own copy). */
export function provideCatalog(c: FullCatalog): void {
  if (typeof document !== "undefined") return;
  $catalog.set(pageCatalog(c));
  $engineCatalog.set({ gpus: c.gpus, presets: c.presets, prices: c.prices, rates: c.rates });
}

/** What the engine computes with, which comes with it (`engine-data.ts`). */
export function addEngineCatalog(c: EngineCatalog): void {
  $engineCatalog.set(c);
}

/** What the request checker and the tasks read. */
export const taskContext = (): TaskContext => {
  const { currency, today } = $catalog.get();
  return {
    ...$engineCatalog.get(),
    ...(currency ? { currency } : {}),
    ...(today ? { today } : {}),
  };
};
