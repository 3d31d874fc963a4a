/**
 * The reference prices' schema. One file, `content/prices.json`, is read by Astro's content
 * collection (the prices page), by the estimator's command line and by the unit tests, all
 * through this schema, so a price without a source or a date fails every one of them.
 *
 * Each row is one reading of one published offer: what the provider (or a dated copy of
 * its page) listed, in the listed currency, on the date it was read. Prices are stored as
 * listed and never estimated; a plan converts one into its own currency at a dated rate
 * (`exchange-rate-schema.ts`) and says so.
 */
import { z } from "zod";
import { requireZhTwins } from "../catalog/zh-twin.ts";
import { CURRENCIES, SOURCE_KINDS } from "../estimate/vocabulary.ts";

/**
 * How the listed price is charged. Rates per instance hold several GPUs; the per-GPU-hour
 * figure the estimator uses is derived from it, and the schema checks the arithmetic.
 */
export const BILLING_UNITS = ["gpu-hour", "instance-hour", "gpu-second"] as const;
export type BillingUnit = (typeof BILLING_UNITS)[number];

/**
 * What sort of offer a row is. Only `on-demand` rows are reference prices for the
 * estimator (`to-reference.ts`); the others are listed so renters see the range.
 * `community`: capacity from third-party hosts (RunPod Community Cloud, Vast.ai's
 * marketplace), with no data-centre guarantee; `serverless`: per-second workers.
 */
export const PRICE_KINDS = ["on-demand", "spot", "community", "serverless", "reserved"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** The hours in a second, to compare a per-second rate with its per-hour figure. */
const SECONDS_PER_HOUR = 3600;

/**
 * Relative tolerance of the per-GPU-hour arithmetic: sources round a derived figure to four
 * decimals (g6e.48xlarge: 30.13118 / 8 = 3.76640 listed as 3.7664).
 */
const PER_GPU_HOUR_TOLERANCE = 1e-3;

/** True for a day that exists: Date rolls 2026-02-30 over to March, so compare back. */
function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A calendar date, YYYY-MM-DD (a price's reading, an exchange rate's day). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a price needs the date it was read, as YYYY-MM-DD")
  .refine(isCalendarDate, { message: "not a calendar date" })
  // A reading cannot postdate the build; a later date is a typo.
  .refine((s) => s <= new Date().toISOString().slice(0, 10), {
    message: "a price cannot have been read after today",
  });

export const httpUrl = z.url({
  protocol: /^https?$/,
  error: "a price needs the http(s) address of its source",
});

export const priceSchema = z
  .object({
    /** Stable row id (the content collection's entry id), e.g. `lambda-8x-h100-sxm`. */
    id: z.string().regex(/^[a-z0-9-]+$/, "price ids are lowercase words joined by '-'"),
    /** A GPU id from `content/gpus.json` (checked against the catalog by the unit tests). */
    gpuId: z.string().regex(/^[a-z0-9-]+$/),
    provider: z.string().min(2),
    /** `provider` in Chinese, where the name carries words ("formerly …"). */
    providerZh: z.string().min(2).optional(),
    /** The region the source names; absent when it names none. */
    region: z.string().min(2).optional(),
    /** The product or instance name as listed, e.g. `p5.48xlarge`, "8x NVIDIA H100 SXM". */
    product: z.string().min(2),
    /** `product` in Chinese, where the site describes the offer in words of its own. */
    productZh: z.string().min(2).optional(),
    gpusPerInstance: z.number().int().positive(),
    /** The price as listed, in `billingUnit`. */
    price: z.number().positive("a price must be a positive number"),
    /** One GPU for one hour, derived from `price` (checked against it). */
    pricePerGpuHour: z.number().positive(),
    currency: z.enum(CURRENCIES),
    billingUnit: z.enum(BILLING_UNITS),
    /** A monthly price per instance, where the source publishes one. */
    monthlyPrice: z.number().positive().optional(),
    kind: z.enum(PRICE_KINDS),
    /** The date printed by the source (its "generated", "checked_at" or "read_on" stamp). */
    date: isoDate,
    url: httpUrl,
    /**
     * `primary` (the provider's own page or docs) or `copy` (a dated public copy of it); a
     * row without it is refused, so the prices page can say what each figure rests on.
     */
    sourceKind: z.enum(SOURCE_KINDS, {
      error: 'a price needs its source kind: "primary" (the provider\'s page) or "copy"',
    }),
    /** For a copy: the provider's page it transcribes. */
    providerUrl: httpUrl.optional(),
    /** A caveat a renter should read beside the figure. */
    note: z.string().min(3).optional(),
    /** The caveat in Chinese (`src/catalog/zh-twin.ts`): required with `note`. */
    noteZh: z.string().min(3).optional(),
  })
  .superRefine((row, ctx) => {
    requireZhTwins(row, ["note"], ctx, row.id);
    const listedPerGpuHour = {
      "gpu-hour": row.price,
      "instance-hour": row.price / row.gpusPerInstance,
      "gpu-second": row.price * SECONDS_PER_HOUR,
    }[row.billingUnit];
    if (
      Math.abs(row.pricePerGpuHour - listedPerGpuHour) >
      PER_GPU_HOUR_TOLERANCE * listedPerGpuHour
    )
      ctx.addIssue({
        code: "custom",
        path: ["pricePerGpuHour"],
        message: `${row.id}: pricePerGpuHour ${row.pricePerGpuHour} does not follow from ${row.price} per ${row.billingUnit} (${listedPerGpuHour.toFixed(4)} with ${row.gpusPerInstance} GPU(s))`,
      });
    if (row.providerUrl && row.sourceKind === "primary")
      ctx.addIssue({
        code: "custom",
        path: ["providerUrl"],
        message: `${row.id}: a primary source is the provider's page; providerUrl is for copies`,
      });
  });

export type PriceEntry = z.infer<typeof priceSchema>;

/** The offer a row reads: a later reading of it replaces the row, never sits beside it. */
const offerKey = (p: PriceEntry): string =>
  [p.provider, p.region ?? "", p.product, p.kind].join("\u0000");

export const pricesSchema = z.array(priceSchema).superRefine((rows, ctx) => {
  const ids = new Set<string>();
  const offers = new Map<string, string>();
  rows.forEach((row, i) => {
    if (ids.has(row.id))
      ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate price id "${row.id}"` });
    ids.add(row.id);
    const earlier = offers.get(offerKey(row));
    if (earlier)
      ctx.addIssue({
        code: "custom",
        path: [i],
        message: `${row.id} reads the same offer as ${earlier}: keep only the latest reading`,
      });
    else offers.set(offerKey(row), row.id);
  });
});
