/**
 * The one checker of everything that comes from outside: a command-line request, a stored
 * calculator state, a shared link. It walks a field table, keeps every field that is valid,
 * and reports every one that is not (all at once, each with its dotted path), including
 * names the table does not know, with the nearest known name. Callers decide what an issue
 * means: the command line refuses the request; a store drops the field and says so.
 */
import type { ReferencePrice } from "../cost/price.ts";
import type { ExchangeRate } from "../cost/exchange.ts";
import type { Currency } from "../vocabulary.ts";
import type { UtilisationEntry } from "../training/utilisation-entry.ts";
import type { DecodeConstants } from "../serving/decode-step.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import type { Preset } from "../model/presets.ts";
import type { Field, Fields, GpuPrice } from "./field.ts";
import { PRICE_ENTRY_FIELDS } from "../cost/price-fields.ts";
import { at, issue } from "./issue.ts";
import type { Issue } from "./issue.ts";
import { nearestName } from "./nearest.ts";
import type { Checked, FieldCheck } from "./check-value.ts";
import {
  checkNumber,
  checkScalar,
  checkScalarOnly,
  isRecord,
  listIds,
  walkFields,
} from "./check-value.ts";

export type { Checked } from "./check-value.ts";

export interface CheckContext {
  gpus: readonly GpuSpec[];
  presets: readonly Preset[];
  /** Published reference prices (`content/prices.json`); a plan prices GPUs with them. */
  prices?: readonly ReferencePrice[];
  /** The plan's date (YYYY-MM-DD) that reference prices are aged against; default today. */
  today?: string;
  /** Dated exchange rates (`content/exchange-rates.json`) a plan converts prices with. */
  rates?: readonly ExchangeRate[];
  /** The currency a plan shows costs in when its request names none (the page's). */
  currency?: Currency;
  /**
   * The training utilisation table; absent, the fitted one (`generated/utilisation-table.ts`). The
   * fit (`src/accuracy/utilisation-fit.ts`) runs rows against trial tables through it.
   */
  utilisation?: readonly UtilisationEntry[];
  /**
   * The serving step's constants; absent, the fitted ones (`generated/decode-constants.ts`).
   * The accuracy page scores each publisher's runs with constants fitted without it.
   */
  decodeConstants?: DecodeConstants;
  /** Checks and resolves a model field (`model/source.ts`, supplied by the task runner). */
  model?: (v: unknown, path: string) => FieldCheck;
  /** Checks a nested request (a ranking's workload); supplied by the task registry. */
  nested?: (raw: unknown, allowed: readonly string[], path: string) => Checked;
  /** The request being checked is a ranking's workload, not a request of its own. */
  inWorkload?: boolean;
}

/** A price given as a bare number: the price per GPU-hour, in the plan's currency. */
function bareNumber(x: unknown, path: string): Checked {
  const n = checkNumber(PRICE_ENTRY_FIELDS.pricePerGpuHour, x, path);
  return n ? { value: {}, issues: [n] } : { value: { pricePerGpuHour: x }, issues: [] };
}

/** Appends without spreading: a spread of 10^5 issues overflows the call stack. */
function append(into: Issue[], from: readonly Issue[]): void {
  for (const i of from) into.push(i);
}

/** Checks one field's value: what to keep (nothing when it has issues) and its issues. */
export function checkField(f: Field, v: unknown, path: string, ctx: CheckContext): FieldCheck {
  const scalar = checkScalar(f, v, path);
  const bad = (i: Issue): FieldCheck => ({ issues: [i] });
  switch (f.kind) {
    case "number":
    case "enum":
    case "bool":
    case "text":
      return scalar ?? bad(issue(path, "not-a-number"));
    case "gpu":
      return checkGpuId(v, path, ctx);
    case "preset":
      return typeof v === "string" && ctx.presets.some((p) => p.id === v)
        ? { keep: v, issues: [] }
        : bad(issue(path, "unknown-preset", { id: String(v), known: "" }));
    case "model":
      return ctx.model ? ctx.model(v, path) : bad(issue(path, "model-kind"));
    case "object": {
      if (!isRecord(v)) return bad(issue(path, "not-an-object"));
      const r = checkFields(f.fields, v, ctx, path);
      return { keep: r.value, issues: r.issues };
    }
    case "list": {
      if (!Array.isArray(v)) return bad(issue(path, "not-a-list"));
      if (v.length < f.min || v.length > f.max)
        return bad(issue(path, "list-length", { min: f.min, max: f.max }));
      const issues: Issue[] = [];
      const items = v.map((item, i) => {
        if (!isRecord(item)) {
          issues.push(issue(at(path, i), "not-an-object"));
          return {};
        }
        const r = checkFields(f.item, item, ctx, at(path, i));
        append(issues, r.issues);
        return r.value;
      });
      return issues.length ? { issues } : { keep: items, issues };
    }
    case "enum-list": {
      if (!Array.isArray(v)) return bad(issue(path, "not-a-list"));
      // Each option at most once, so no valid list is longer than the options.
      if (v.length > f.options.length)
        return bad(issue(path, "list-length", { min: f.min, max: f.options.length }));
      const issues: Issue[] = [];
      (v as unknown[]).forEach((x, i) => {
        if (!(f.options as readonly unknown[]).includes(x))
          issues.push(issue(at(path, i), "not-an-option", { options: f.options.join(", ") }));
        else if (v.indexOf(x) !== i)
          issues.push(issue(at(path, i), "duplicate", { value: String(x) }));
      });
      if (!issues.length && v.length < f.min)
        issues.push(issue(path, "list-length", { min: f.min, max: f.options.length }));
      return issues.length ? { issues } : { keep: v, issues };
    }
    case "gpu-list": {
      if (!Array.isArray(v)) return bad(issue(path, "not-a-list"));
      // Each catalog GPU at most once.
      if (v.length > ctx.gpus.length)
        return bad(issue(path, "list-length", { min: 0, max: ctx.gpus.length }));
      const issues: Issue[] = [];
      (v as unknown[]).forEach((x, i) => {
        const r = checkGpuId(x, at(path, i), ctx);
        append(issues, r.issues);
        if (!r.issues.length && v.indexOf(x) !== i)
          issues.push(issue(at(path, i), "duplicate", { value: String(x) }));
      });
      return issues.length ? { issues } : { keep: v, issues };
    }
    case "gpu-map": {
      if (!isRecord(v)) return bad(issue(path, "not-an-object"));
      const ids = Object.keys(v);
      if (ids.length > ctx.gpus.length)
        return bad(issue(path, "too-many-gpus", { max: ctx.gpus.length }));
      const issues: Issue[] = [];
      for (const id of ids) {
        const x = v[id];
        append(issues, checkGpuId(id, at(path, id), ctx).issues);
        const n = checkNumber(f.value, x, at(path, id));
        if (n) issues.push(n);
      }
      return issues.length ? { issues } : { keep: v, issues };
    }
    case "gpu-prices": {
      if (!isRecord(v)) return bad(issue(path, "not-an-object"));
      const ids = Object.keys(v);
      if (ids.length > ctx.gpus.length)
        return bad(issue(path, "too-many-gpus", { max: ctx.gpus.length }));
      const issues: Issue[] = [];
      const keep: Record<string, GpuPrice> = {};
      for (const id of ids) {
        const x = v[id];
        const idIssues = checkGpuId(id, at(path, id), ctx).issues;
        append(issues, idIssues);
        const r = isRecord(x)
          ? walkFields(PRICE_ENTRY_FIELDS, x, at(path, id), checkScalarOnly)
          : bareNumber(x, at(path, id));
        append(issues, r.issues);
        if (!idIssues.length && !r.issues.length) keep[id] = r.value as unknown as GpuPrice;
      }
      return issues.length ? { issues } : { keep, issues };
    }
    case "request": {
      if (!ctx.nested) return bad(issue(path, "unknown-task", { options: f.tasks.join(", ") }));
      const r = ctx.nested(v, f.tasks, path);
      return r.issues.length ? { issues: r.issues } : { keep: r.value, issues: [] };
    }
  }
}

function checkGpuId(v: unknown, path: string, ctx: CheckContext) {
  if (typeof v !== "string") return { issues: [issue(path, "not-a-string")] };
  if (ctx.gpus.some((g) => g.id === v)) return { keep: v, issues: [] };
  const ids = ctx.gpus.map((g) => g.id);
  const nearest = nearestName(v, ids);
  const nearestGpu = ctx.gpus.find((g) => g.id === nearest);
  return {
    issues: [
      issue(path, "unknown-gpu", {
        id: v,
        known: listIds(ids, 50),
        ...(nearest ? { nearest } : {}),
        ...(nearestGpu ? { nearestName: nearestGpu.name } : {}),
      }),
    ],
  };
}

/**
 * Checks `raw` against a table. Unknown names are issues (naming the nearest known name);
 * `required` fields that are absent are issues; every other field is optional.
 */
export function checkFields(
  fields: Fields,
  raw: Record<string, unknown>,
  ctx: CheckContext,
  path = "",
  ignore: readonly string[] = [],
): Checked {
  return walkFields(fields, raw, path, (f, v, p) => checkField(f, v, p, ctx), ignore);
}
