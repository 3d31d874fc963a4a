/**
 * The checker's leaf: scalar fields (numbers, options, booleans) and the walk over a table
 * that reports unknown names (with the nearest known one) and absent required fields.
 * `request/check.ts` adds the composite kinds; `model/source.ts` checks architectures with this alone.
 */
import type { Field, Fields, NumberField } from "./field.ts";
import type { Issue } from "./issue.ts";
import { at, issue } from "./issue.ts";
import { nearestName } from "./nearest.ts";
import { own } from "./own.ts";

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Lists ids for a message, shortened past a dozen so one error cannot fill a screen. */
export function listIds(ids: readonly string[], max = 12): string {
  return ids.length <= max ? ids.join(", ") : `${ids.slice(0, max).join(", ")}, …`;
}

export function checkNumber(f: NumberField, v: unknown, path: string): Issue | null {
  if (typeof v !== "number" || !Number.isFinite(v)) return issue(path, "not-a-number");
  if (f.int && !Number.isInteger(v)) return issue(path, "not-whole");
  if ((f.above ? v <= f.min : v < f.min) || v > f.max)
    return issue(path, "out-of-range", {
      min: f.min,
      max: f.max,
      above: f.above ? 1 : 0,
      unit: f.unit,
    });
  return null;
}

/** The result of checking one value: what to keep (nothing when it has issues). */
export interface FieldCheck {
  keep?: unknown;
  issues: Issue[];
}

const kept = (v: unknown): FieldCheck => ({ keep: v, issues: [] });
const bad = (i: Issue): FieldCheck => ({ issues: [i] });

/**
 * YYYY-MM-DD naming a day that exists: 2026-02-30 rolls over to another day, and month 13 or
 * day 00 makes no date at all (whose `toISOString` would throw).
 */
function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isFinite(d.getTime()) && d.toISOString().startsWith(s);
}

/** Numbers, options and booleans; any other kind is the caller's to check. */
export function checkScalar(f: Field, v: unknown, path: string): FieldCheck | null {
  switch (f.kind) {
    case "number": {
      const i = checkNumber(f, v, path);
      return i ? bad(i) : kept(v);
    }
    case "enum":
      return (f.options as readonly unknown[]).includes(v)
        ? kept(v)
        : bad(issue(path, "not-an-option", { options: f.options.join(", ") }));
    case "bool":
      return typeof v === "boolean" ? kept(v) : bad(issue(path, "not-a-boolean"));
    case "text":
      if (typeof v !== "string" || v.length > f.max)
        return bad(issue(path, "not-a-string", { max: f.max }));
      return f.format === "date" && !isCalendarDate(v) ? bad(issue(path, "not-a-date")) : kept(v);
    default:
      return null;
  }
}

/**
 * Unknown names in one object that get a "did you mean": enough for every typo a person
 * makes, while a request of 10^5 unknown names is refused without 10^5 searches.
 */
export const MAX_SUGGESTIONS = 20;

/** A table of scalars only (an architecture, a price entry): any other kind is refused. */
export const checkScalarOnly = (f: Field, v: unknown, path: string): FieldCheck =>
  checkScalar(f, v, path) ?? { issues: [issue(path, "not-a-number")] };

/** An issue on this very field carries the field's label key, where its table names one. */
const labelled = (i: Issue, path: string, f: Field): Issue =>
  i.field === path && f.label !== undefined && i.label === undefined ? { ...i, label: f.label } : i;

export interface Checked {
  /** The valid fields only. */
  value: Record<string, unknown>;
  issues: Issue[];
}

/**
 * Checks every name of `raw` against `fields` with `one`: unknown names are issues naming
 * the nearest known name, absent `required` fields are issues, valid values are kept.
 */
export function walkFields(
  fields: Fields,
  raw: Record<string, unknown>,
  path: string,
  one: (f: Field, v: unknown, path: string) => FieldCheck,
  ignore: readonly string[] = [],
): Checked {
  const value: Record<string, unknown> = {};
  const issues: Issue[] = [];
  const names = Object.keys(fields);
  let suggested = 0;
  // Keys, not entries: on an object of 10^5 names, entries cost four times as much.
  for (const key of Object.keys(raw)) {
    const v = raw[key];
    if (ignore.includes(key) || v === undefined) continue;
    const f = own(fields, key);
    if (!f) {
      // A suggestion costs a comparison with every known name: only the first few get one.
      const nearest = suggested++ < MAX_SUGGESTIONS ? nearestName(key, names) : undefined;
      issues.push(
        issue(at(path, key), "unknown-field", { name: key, ...(nearest ? { nearest } : {}) }),
      );
      continue;
    }
    const where = at(path, key);
    const r = one(f, v, where);
    for (const i of r.issues) issues.push(labelled(i, where, f));
    if (r.keep !== undefined && r.issues.length === 0) value[key] = r.keep;
  }
  for (const [key, f] of Object.entries(fields)) {
    if ("required" in f && f.required && own(raw, key) === undefined)
      issues.push(labelled(issue(at(path, key), "required"), at(path, key), f));
  }
  return { value, issues };
}
