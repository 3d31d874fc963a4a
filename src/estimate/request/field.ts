import type { ResolvedModelValue } from "../model/value.ts";
import type { Currency } from "../vocabulary.ts";
import { own } from "./own.ts";

/**
 * What a request field is, declared once: its kind, unit, range, default and options. Each
 * task lists its fields as tables of these; the request checker (`request/check.ts`), the stores'
 * shapes and link codec, and the calculators' inputs (bounds, hints, select options) all
 * read the same tables, so a range or an option list exists in exactly one place.
 */

/** Units a field is measured in; the label of an input and the checker's messages name it. */
export type Unit =
  | "count"
  | "tokens"
  | "sequences"
  | "micro-batches"
  | "gpus"
  | "hours"
  | "bits"
  | "bytes"
  | "params"
  | "samples"
  | "flops"
  | "tflops"
  | "mib"
  | "gb"
  | "fraction"
  | "tokens-per-second"
  | "gbit-per-second"
  | "gbyte-per-second"
  | "work-per-hour"
  | "units"
  | "money"
  | "money-per-hour"
  | "money-per-gpu-hour"
  | "money-per-gb-month"
  | "money-per-gb"
  | "months"
  | "seconds";

interface Common {
  /** UI label key; default `f.<field name>`. */
  readonly label?: string;
}

export interface NumberField extends Common {
  readonly kind: "number";
  readonly unit: Unit;
  readonly min: number;
  readonly max: number;
  /** Whole numbers only. */
  readonly int?: boolean;
  /** The minimum itself is excluded (`> min`). */
  readonly above?: boolean;
  readonly default?: number;
  readonly required?: boolean;
  /** A fraction the page shows and takes as a percentage (0.2 ↔ 20%). */
  readonly percent?: boolean;
  /** The input takes k/M/B/T suffixes (token and parameter counts). */
  readonly suffixes?: boolean;
}

export interface EnumField<V extends string | number = string | number> extends Common {
  readonly kind: "enum";
  readonly options: readonly V[];
  readonly default?: V;
  readonly required?: boolean;
}

export interface BoolField extends Common {
  readonly kind: "bool";
  readonly default?: boolean;
}

/** Free text of bounded length (names, a pasted file). */
export interface TextField extends Common {
  readonly kind: "text";
  readonly max: number;
  readonly default?: string;
  /** `date`: a calendar date, YYYY-MM-DD. */
  readonly format?: "date";
}

/** A model preset id (the presets come with the context, like the GPU catalog). */
export interface PresetField extends Common {
  readonly kind: "preset";
  readonly default?: string;
}

/** A GPU id from the catalog. */
export interface GpuField extends Common {
  readonly kind: "gpu";
  readonly required?: boolean;
  readonly default?: string;
}

/** A model: a preset, a parameter count, an architecture or a pasted config.json (`model/source.ts`). */
export interface ModelField extends Common {
  readonly kind: "model";
  readonly required?: boolean;
}

/** A group of fields that is present or absent as a whole (LoRA settings). */
export interface ObjectField<F extends Fields = Fields> extends Common {
  readonly kind: "object";
  readonly fields: F;
}

/** A list of records with the same fields (cost options). */
export interface ListField<F extends Fields = Fields> extends Common {
  readonly kind: "list";
  readonly item: F;
  readonly min: number;
  readonly max: number;
  readonly required?: boolean;
}

/** Several options of one list, each at most once (LoRA targets). */
export interface EnumListField<V extends string = string> extends Common {
  readonly kind: "enum-list";
  readonly options: readonly V[];
  readonly min: number;
  readonly default?: readonly V[];
}

/** Several catalog GPU ids. */
export interface GpuListField extends Common {
  readonly kind: "gpu-list";
}

/** A number per catalog GPU id (prices per GPU-hour). */
export interface GpuMapField extends Common {
  readonly kind: "gpu-map";
  readonly value: NumberField;
}

/**
 * The user's own price per GPU-hour per catalog GPU id: a number, or
 * `{ pricePerGpuHour, currency }`; checked into the object form.
 */
export interface GpuPricesField extends Common {
  readonly kind: "gpu-prices";
}

/** A user's price for one GPU, in a currency when the request names one. */
export interface GpuPrice {
  pricePerGpuHour: number;
  currency?: Currency;
}

/**
 * A whole request of one of the named tasks (the workload a GPU ranking sizes). `W` is the
 * checked request of those tasks, as the task that holds it reads it (see `request`).
 */
export interface RequestField<W = Record<string, unknown>> extends Common {
  readonly kind: "request";
  readonly tasks: readonly string[];
  readonly required?: boolean;
  /** Type only: never set; carries `W` to `Resolved`. */
  readonly checked?: W;
}

export type Field =
  | NumberField
  | EnumField
  | BoolField
  | TextField
  | PresetField
  | GpuField
  | ModelField
  | ObjectField
  | ListField
  | EnumListField
  | GpuListField
  | GpuMapField
  | GpuPricesField
  | RequestField;

export type Fields = Readonly<Record<string, Field>>;

// Builders keep literal types (options, defaults) so request types derive from the tables.

type NumberOpts = Partial<Omit<NumberField, "kind" | "unit" | "min" | "max" | "int">>;

/** A finite number in [min, max] (or (min, max] with `above`). */
export const num = <const O extends NumberOpts>(
  unit: Unit,
  min: number,
  max: number,
  opts?: O,
): NumberField & O => ({ kind: "number", unit, min, max, ...(opts as O) });

/** A whole number in [min, max]. */
export const int = <const O extends NumberOpts>(
  unit: Unit,
  min: number,
  max: number,
  opts?: O,
): NumberField & O => ({ kind: "number", unit, min, max, int: true, ...(opts as O) });

/**
 * The least share of a peak a run achieves (an engine's efficiency, an MFU, a scaling
 * efficiency, a memory share): 1%. Below it the GPU would idle 99% of the time; the lowest
 * calibrated decode efficiency (Transformers FP8, decode-constants.ts) is 18%. A smaller
 * figure is a percentage typed as a fraction, and 1e-300 would make a decode step 1.5e298 s.
 */
export const MIN_SHARE = 0.01;

/** A share in [1%, 100%], shown as a percentage. */
export const share = <const O extends NumberOpts>(opts?: O) =>
  num("fraction", MIN_SHARE, 1, { percent: true, ...(opts as O) });

export const oneOf = <const V extends string | number, const O extends Partial<EnumField<V>>>(
  options: readonly V[],
  opts?: O,
): EnumField<V> & O => ({ kind: "enum", options, ...(opts as O) });

export const bool = <const O extends Partial<BoolField>>(opts?: O): BoolField & O => ({
  kind: "bool",
  ...(opts as O),
});

export const text = (max: number, def = ""): TextField & { default: string } => ({
  kind: "text",
  max,
  default: def,
});

/** A calendar date, YYYY-MM-DD (the day reference prices are aged against). */
export const date = (): TextField => ({ kind: "text", max: 10, format: "date" });

export const gpu = <const O extends Partial<GpuField>>(opts?: O): GpuField & O => ({
  kind: "gpu",
  ...(opts as O),
});

/**
 * A required nested request of one of `tasks`, checked by the task it names; `W` is what
 * the checked request holds (each task's `Resolved` fields under its `task` name).
 */
export const request = <W extends { task: string }>(
  tasks: readonly W["task"][],
): RequestField<W> & { required: true } => ({ kind: "request", tasks, required: true });

// ---- Types of the values a table describes ----

type ValueOf<F> = F extends NumberField
  ? number
  : F extends EnumField<infer V>
    ? V
    : F extends BoolField
      ? boolean
      : F extends GpuField | TextField | PresetField
        ? string
        : F extends ModelField
          ? ModelInput
          : F extends ObjectField<infer G>
            ? Input<G>
            : F extends ListField<infer G>
              ? Input<G>[]
              : F extends EnumListField<infer V>
                ? V[]
                : F extends GpuListField
                  ? string[]
                  : F extends GpuMapField
                    ? Record<string, number>
                    : F extends GpuPricesField
                      ? Record<string, number | GpuPrice>
                      : F extends RequestField
                        ? Record<string, unknown>
                        : never;

type ResolvedOf<F> =
  F extends RequestField<infer W>
    ? W
    : F extends GpuPricesField
      ? Record<string, GpuPrice>
      : F extends ObjectField<infer G>
        ? Resolved<G>
        : F extends ListField<infer G>
          ? Resolved<G>[]
          : F extends ModelField
            ? ResolvedModelValue
            : ValueOf<F>;

type HasValue<F> = F extends { default: unknown }
  ? true
  : F extends { required: true }
    ? true
    : false;

/** What a request may hold for a table: every field optional (the checker enforces `required`). */
export type Input<F extends Fields> = { -readonly [K in keyof F]?: ValueOf<F[K]> };

/** A checked request with defaults applied: fields with a default or `required` are present. */
export type Resolved<F extends Fields> = {
  -readonly [K in keyof F as HasValue<F[K]> extends true ? K : never]: ResolvedOf<F[K]>;
} & {
  -readonly [K in keyof F as HasValue<F[K]> extends true ? never : K]?: ResolvedOf<F[K]>;
};

type DefaultedOf<F> =
  F extends ObjectField<infer G>
    ? WithDefaults<G>
    : F extends ListField<infer G>
      ? WithDefaults<G>[]
      : ValueOf<F>;

/** What `withDefaults` gives for a table: the given values, and every field with a default. */
export type WithDefaults<F extends Fields> = {
  -readonly [K in keyof F as F[K] extends { default: unknown } ? K : never]: DefaultedOf<F[K]>;
} & {
  -readonly [K in keyof F as F[K] extends { default: unknown } ? never : K]?: DefaultedOf<F[K]>;
};

/** A model as a request gives it (see `model/source.ts`). */
export type ModelInput = Record<string, unknown>;

/**
 * Puts the defaults a task derives from the request (`TaskDef.defaults`) under the values
 * the request gives: a group (LoRA) merges field by field, so a framework's LoRA defaults
 * fill what the request's LoRA group leaves unset.
 */
export function withDerived(
  fields: Fields,
  derived: Record<string, unknown>,
  given: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...derived, ...given };
  for (const [key, f] of Object.entries(fields)) {
    const d = own(derived, key);
    const g = own(given, key);
    if (f.kind === "object" && typeof d === "object" && d && typeof g === "object" && g)
      out[key] = { ...d, ...g };
  }
  return out;
}

/** Fills defaults (nested groups too); fields without one stay absent. */
export function withDefaults(
  fields: Fields,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields)) {
    const v = own(value, key);
    if (v === undefined) {
      if ("default" in f && f.default !== undefined) out[key] = f.default;
      continue;
    }
    if (f.kind === "object") out[key] = withDefaults(f.fields, v as Record<string, unknown>);
    else if (f.kind === "list")
      out[key] = (v as Record<string, unknown>[]).map((item) => withDefaults(f.item, item));
    else out[key] = v;
  }
  return out;
}
