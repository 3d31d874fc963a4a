/**
 * The codec of a store whose value is part of a request (`$training`, `$serving`, …): the
 * fields the user has set, checked by the core's request checker (through the engine)
 * against the same field table the command line uses. A link carries one parameter per set
 * field; a field that is invalid in storage or in a link takes the store's initial value
 * and is named.
 */
import type { Field, Fields } from "../estimate/request/field.ts";
import { own } from "../estimate/request/own.ts";
import type { Engine } from "./engine-api.ts";
import { taskContext } from "./catalog.ts";
import type { StoreCodec } from "./persist.ts";

export type Partial = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A field's value as link text: numbers, options and ids as they are, the rest as JSON. */
export function toText(f: Field, v: unknown): string {
  return f.kind === "number" ||
    f.kind === "enum" ||
    f.kind === "bool" ||
    f.kind === "gpu" ||
    f.kind === "preset" ||
    f.kind === "text"
    ? String(v)
    : JSON.stringify(v);
}

/** Reads link text back; unreadable text becomes a value the checker refuses. */
export function fromText(f: Field, s: string): unknown {
  switch (f.kind) {
    case "number":
      return /^-?[\d.]+(e[+-]?\d+)?$/i.test(s) ? Number(s) : s;
    case "enum":
      return f.options.find((o) => String(o) === s) ?? s;
    case "bool":
      return s === "true" ? true : s === "false" ? false : s;
    case "gpu":
    case "preset":
    case "text":
      return s;
    default:
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
  }
}

/** The top-level field an issue path names (`options.1.gpu` → `options`). */
const topKey = (path: string): string => path.split(".")[0] ?? path;

/**
 * A check across fields the field table cannot express (a file's name against its model):
 * what it drops is named like an invalid field.
 */
export type Refine<T> = (value: T, engine: Engine) => { value: T; invalid: string[] };

export function fieldCodec<T extends Partial>(
  fields: Fields,
  initial: T,
  refine?: Refine<T>,
): StoreCodec<T> {
  const check = (raw: unknown, engine: Engine) => {
    if (!isRecord(raw)) return { value: initial, invalid: raw === undefined ? [] : ["*"] };
    const r = engine.check(fields, raw, taskContext());
    const invalid = [...new Set(r.issues.map((i) => topKey(i.field)))];
    // A saved state or link with nothing valid in it is as none: the store keeps its own.
    if (invalid.length > 0 && Object.keys(r.value).length === 0) return { value: initial, invalid };
    const value: Partial = { ...r.value };
    for (const key of invalid) {
      const back = own(initial, key);
      if (back !== undefined) value[key] = back;
    }
    // A value the request cannot run without (the cost page's options) is never left out:
    // a saved state or link missing it keeps the store's own.
    for (const [key, f] of Object.entries(fields)) {
      const needed = ("required" in f && f.required === true) || (f.kind === "list" && f.min > 0);
      if (needed && own(value, key) === undefined && own(initial, key) !== undefined)
        value[key] = own(initial, key);
    }
    if (!refine) return { value: value as T, invalid };
    const refined = refine(value as T, engine);
    return { value: refined.value, invalid: [...invalid, ...refined.invalid] };
  };
  return {
    check,
    toParams: (value) =>
      Object.entries(value).flatMap(([key, v]) => {
        const f = own(fields, key);
        return f && v !== undefined ? [[key, toText(f, v)] as [string, string]] : [];
      }),
    fromParams: (params, engine) => {
      // Keys come from the link: `__proto__` must be a name like any other, not a prototype.
      const raw: Partial = Object.create(null) as Partial;
      for (const [key, text] of params) {
        const f = own(fields, key);
        raw[key] = f ? fromText(f, text) : text;
      }
      return check(raw, engine);
    },
  };
}
