/**
 * The exchange rates' schema. One file, `content/exchange-rates.json`, is read by Astro's
 * content collection (the pages' catalog and the prices page), by the estimator's command
 * line and by the unit tests, all through this schema, so a rate without its source, its
 * address or its date fails every one of them.
 *
 * Each row is one published reading: how many units of `quote` one unit of `base` bought on
 * `date`, as the named source published it (a central parity, a reference rate, or a cross
 * of two reference rates, the arithmetic in `note`).
 */
import { z } from "zod";
import { CURRENCIES } from "../estimate/vocabulary.ts";
import { requireZhTwins } from "../catalog/zh-twin.ts";
import { httpUrl, isoDate } from "./schema.ts";

export const exchangeRateSchema = z
  .object({
    /** Stable row id (the content collection's entry id), e.g. `usd-cny-2026-05-08-ecb-cross`. */
    id: z.string().regex(/^[a-z0-9-]+$/, "rate ids are lowercase words joined by '-'"),
    base: z.enum(CURRENCIES),
    quote: z.enum(CURRENCIES),
    /** Units of `quote` per unit of `base`. */
    rate: z.number().positive("a rate must be a positive number"),
    /** The day the rate was published for. */
    date: isoDate,
    /** Who published it, and through whom when the reading is second-hand. */
    source: z.string({ error: "a rate needs its source" }).min(3, "a rate needs its source"),
    /** The source in Chinese (`src/catalog/zh-twin.ts`). */
    sourceZh: z.string().min(3),
    url: httpUrl,
    /** How the figure was read or derived, and what it is not. */
    note: z.string().min(3).optional(),
    /** The note in Chinese: required with `note`. */
    noteZh: z.string().min(3).optional(),
  })
  .refine((r) => r.base !== r.quote, { message: "a rate joins two different currencies" })
  .superRefine((r, ctx) => requireZhTwins(r, ["note"], ctx, r.id));

export type ExchangeRateEntry = z.infer<typeof exchangeRateSchema>;

export const exchangeRatesSchema = z.array(exchangeRateSchema).superRefine((rows, ctx) => {
  const ids = new Set<string>();
  rows.forEach((row, i) => {
    if (ids.has(row.id))
      ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate rate id "${row.id}"` });
    ids.add(row.id);
  });
});
