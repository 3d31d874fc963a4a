import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";
import { gpuSchema } from "./catalog/schema.ts";
import { TOPICS } from "./i18n/topics.ts";
import { exchangeRateSchema } from "./prices/exchange-rate-schema.ts";
import { priceSchema } from "./prices/schema.ts";

/**
 * Guides: one MDX file per page and language, `content/guides/<lang>/<slug>.mdx`. The same
 * slug in both folders is the same page, which is how the language switch finds its pair.
 */
const guides = defineCollection({
  loader: glob({ pattern: "**/*.mdx", base: "./content/guides" }),
  schema: z.object({
    /** Page title, also the sidebar label. */
    title: z.string().min(2),
    /** One sentence for search results and the meta description. */
    description: z.string().min(10),
    /** Sidebar group. */
    topic: z.enum(TOPICS),
    /** Position in the reading order (sidebar and previous/next links). */
    order: z.number().int().nonnegative(),
    /** Pages that carry a calculator ship JavaScript; prose pages ship none of ours. */
    calculator: z.boolean().default(false),
  }),
});

/** The GPU catalog: every figure with its source, checked by `src/catalog/schema.ts`. */
const gpus = defineCollection({
  loader: file("./content/gpus.json"),
  schema: gpuSchema,
});

/**
 * Reference rental prices: each with its provider, the date it was read and its source,
 * checked by `src/prices/schema.ts`.
 */
const prices = defineCollection({
  loader: file("./content/prices.json"),
  schema: priceSchema,
});

/**
 * Exchange rates: each reading with its date and source, checked by
 * `src/prices/exchange-rate-schema.ts`; a plan converts a price in the other currency with
 * the latest one on or before its date.
 */
const exchangeRates = defineCollection({
  loader: file("./content/exchange-rates.json"),
  schema: exchangeRateSchema,
});

export const collections = { guides, gpus, prices, exchangeRates };
