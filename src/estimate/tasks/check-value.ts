/**
 * The checker's leaf: scalar fields (numbers, options, booleans) and the walk over a table
 * that reports unknown names (with the nearest known one) and absent required fields.
 * `check.ts` adds the composite kinds; `model-source.ts` checks architectures with this alone.
 */
import type { Field, Fields, NumberField } from "./field.ts";
import type { Issue } from "./issue.ts";
import { at, issue } from "./issue.ts";
import { nearestName } from "./nearest.ts";

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
      return typeof v === "string" && v.length <= f.max
        ? kept(v)
        : bad(issue(path, "not-a-string", { max: f.max }));
    default:
      return null;
  }
}

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
  for (const [key, v] of Object.entries(raw)) {
    if (ignore.includes(key) || v === undefined) continue;
    const f = fields[key];
    if (!f) {
      const nearest = nearestName(key, names);
      issues.push(
        issue(at(path, key), "unknown-field", { name: key, ...(nearest ? { nearest } : {}) }),
      );
      continue;
    }
    const r = one(f, v, at(path, key));
    issues.push(...r.issues);
    if (r.keep !== undefined && r.issues.length === 0) value[key] = r.keep;
  }
  for (const [key, f] of Object.entries(fields)) {
    if ("required" in f && f.required && raw[key] === undefined)
      issues.push(issue(at(path, key), "required"));
  }
  return { value, issues };
}
