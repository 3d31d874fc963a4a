/**
 * Declarative shapes for stored calculator state, and one validator used for everything that
 * comes from outside the running page (localStorage, a shared link). Each field is checked
 * on its own, so one bad field falls back to its default and the rest survive.
 */

/** Each field carries its default `d`, so a store's defaults are derived, never written twice. */
export type FieldSpec =
  | { t: "num"; d: number; min: number; max: number; int?: boolean }
  | { t: "enum"; d: string; of: readonly string[] }
  | { t: "bool"; d: boolean }
  | { t: "str"; d: string; max: number }
  | { t: "list"; d: readonly object[]; item: Shape; min: number; max: number }
  | { t: "custom"; d: unknown; check: (v: unknown) => boolean };

export type Shape = Readonly<Record<string, FieldSpec>>;
/** A shape that names every field of `T` (the compiler checks none is missing). */
export type ShapeOf<T> = { readonly [K in keyof T]: FieldSpec };

export const num = (d: number, min: number, max: number, int = false): FieldSpec => ({
  t: "num",
  d,
  min,
  max,
  int,
});
export const int = (d: number, min: number, max: number): FieldSpec => num(d, min, max, true);
export const oneOf = <const V extends string>(d: V, of: readonly V[]): FieldSpec => ({
  t: "enum",
  d,
  of,
});
export const bool = (d: boolean): FieldSpec => ({ t: "bool", d });
export const str = (d: string, max = 64): FieldSpec => ({ t: "str", d, max });

export function defaultsOf<T>(shape: ShapeOf<T> | Shape): T {
  return Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, (f as FieldSpec).d])) as T;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a decoded value satisfies a field spec (lists are checked item by item by `sanitize`). */
export function fieldOk(spec: FieldSpec, v: unknown): boolean {
  switch (spec.t) {
    case "num":
      return (
        typeof v === "number" &&
        Number.isFinite(v) &&
        v >= spec.min &&
        v <= spec.max &&
        (!spec.int || Number.isInteger(v))
      );
    case "enum":
      return typeof v === "string" && spec.of.includes(v);
    case "bool":
      return typeof v === "boolean";
    case "str":
      return typeof v === "string" && v.length <= spec.max;
    case "list":
      return Array.isArray(v) && v.length >= spec.min && v.length <= spec.max;
    case "custom":
      return spec.check(v);
  }
}

export interface Sanitized<T> {
  value: T;
  /** Dotted names of fields that were present but invalid, and so reset. */
  invalid: string[];
}

/**
 * Rebuilds a value of `defaults`' shape from untrusted `raw`: valid fields are kept, missing
 * ones take the default silently, invalid ones take the default and are reported.
 */
export function sanitize<T extends object>(shape: Shape, raw: unknown, prefix = ""): Sanitized<T> {
  const defaults = defaultsOf<T>(shape);
  const out = { ...defaults } as Record<string, unknown>;
  const invalid: string[] = [];
  if (!isRecord(raw)) return { value: defaults, invalid: raw === undefined ? [] : [prefix || "*"] };
  for (const [key, spec] of Object.entries(shape)) {
    const v = raw[key];
    if (v === undefined) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (!fieldOk(spec, v)) {
      invalid.push(name);
      continue;
    }
    if (spec.t === "list") {
      const items = (v as unknown[]).map((item, i) => {
        const r = sanitize(spec.item, item, `${name}.${i}`);
        invalid.push(...r.invalid);
        return r.value;
      });
      out[key] = items;
    } else {
      out[key] = v;
    }
  }
  return { value: out as T, invalid };
}
