/**
 * Declarative shapes for stored calculator state, and one validator used for everything that
 * comes from outside the running page (localStorage, a shared link). Each field is checked
 * on its own, so one bad field falls back to its default and the rest survive.
 */

export type FieldSpec =
  | { t: "num"; min: number; max: number; int?: boolean }
  | { t: "enum"; of: readonly string[] }
  | { t: "bool" }
  | { t: "str"; max: number }
  | { t: "list"; item: Shape; min: number; max: number }
  | { t: "custom"; check: (v: unknown) => boolean };

export type Shape = Readonly<Record<string, FieldSpec>>;

export const num = (min: number, max: number, int = false): FieldSpec => ({ t: "num", min, max, int });
export const oneOf = (of: readonly string[]): FieldSpec => ({ t: "enum", of });
export const bool: FieldSpec = { t: "bool" };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a decoded value satisfies a field spec (lists are checked item by item by `sanitize`). */
export function fieldOk(spec: FieldSpec, v: unknown): boolean {
  switch (spec.t) {
    case "num":
      return typeof v === "number" && Number.isFinite(v) && v >= spec.min && v <= spec.max && (!spec.int || Number.isInteger(v));
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
export function sanitize<T extends object>(shape: Shape, defaults: T, raw: unknown, prefix = ""): Sanitized<T> {
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
      const base = (defaults as Record<string, unknown>)[key] as object[];
      const items = (v as unknown[]).map((item, i) => {
        const r = sanitize(spec.item, base[i] ?? base[0] ?? {}, item, `${name}.${i}`);
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

/** A field as it travels in a link: numbers and enums as text, lists and objects as JSON. */
export function toParam(spec: FieldSpec, v: unknown): string {
  return spec.t === "list" || spec.t === "custom" ? JSON.stringify(v) : String(v);
}

/** Decodes a link parameter; anything unreadable becomes a value `fieldOk` rejects. */
export function fromParam(spec: FieldSpec, s: string): unknown {
  switch (spec.t) {
    case "num":
      return /^-?[\d.]+(e[+-]?\d+)?$/i.test(s) ? Number(s) : Number.NaN;
    case "bool":
      return s === "true" ? true : s === "false" ? false : s;
    case "enum":
    case "str":
      return s;
    default:
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return Symbol.for("bad-json");
      }
  }
}
