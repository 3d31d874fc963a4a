/**
 * The prices a user enters, beside the plan's fields (`plan/fields.ts`): one price as a
 * plan request takes it, and the list the decision table keeps.
 */
import { CURRENCIES } from "../vocabulary.ts";
import type { Fields } from "../request/field.ts";
import { gpu, num, oneOf } from "../request/field.ts";

/** A user's price for one GPU: per GPU-hour, in a currency when it names one. */
export const PRICE_ENTRY_FIELDS = {
  pricePerGpuHour: num("money-per-gpu-hour", 0, 1e6, { required: true }),
  currency: oneOf(CURRENCIES),
} as const satisfies Fields;

/**
 * One of your prices as the page keeps it: the GPU, its price per GPU-hour once typed, and
 * the currency it is quoted in. A row still waiting for its price prices nothing, so a row
 * just added survives a reload instead of failing the whole list.
 */
export const YOUR_PRICE_FIELDS = {
  gpu: gpu({ required: true }),
  pricePerGpuHour: { ...PRICE_ENTRY_FIELDS.pricePerGpuHour, required: false },
  currency: { ...PRICE_ENTRY_FIELDS.currency, required: true },
} as const;

/**
 * Your prices: each GPU at most once (the plan's `prices` name each GPU once), so no list
 * is longer than the catalog (34 GPUs when written; room to grow).
 */
export const YOUR_PRICES_FIELDS = {
  prices: { kind: "list", item: YOUR_PRICE_FIELDS, min: 0, max: 64 },
} as const;
