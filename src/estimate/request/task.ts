/**
 * A task: one kind of request (train-memory, decode-speed, cost, …) declared as its field
 * table, the fields it requires, its cross-field rules and the function that maps the
 * checked request to the estimator. `runTask` is the only way from a request to a number:
 * the command line, every calculator store and the tests call it.
 */
import type { Result } from "../result.ts";
import type { CheckContext } from "./check.ts";
import { checkFields } from "./check.ts";
import { withDefaults, withDerived } from "./field.ts";
import { isRecord } from "./check-value.ts";
import { own } from "./own.ts";
import type { Requirement } from "./requirements.ts";
import { requirementIssues } from "./requirements.ts";
import { checkModel } from "../model/source.ts";
import type { Fields, Resolved } from "./field.ts";
import type { Issue } from "./issue.ts";
import { issue } from "./issue.ts";

export type TaskContext = CheckContext;

/** The context with model fields checked against its presets. */
const withModels = (ctx: TaskContext): TaskContext =>
  ctx.model ? ctx : { ...ctx, model: (v, p) => checkModel(v, p, ctx.presets) };

export interface TaskDef<F extends Fields = Fields, R extends Result = Result> {
  id: string;
  fields: F;
  /** Fields this task cannot run without, though the shared table gives them no default. */
  required?: readonly (keyof F & string)[];
  /** Requirements across fields (one of a pair; one field with another). */
  requirements?: readonly Requirement[];
  /**
   * Defaults that depend on what else the request says (a framework's own defaults, which
   * unit of work a job is counted in); the request's own fields always win over them.
   */
  defaults?: (given: Record<string, unknown>) => Record<string, unknown>;
  /** Cross-field rules on the checked request; each issue names the field to fix. */
  rules?: (req: Resolved<F>, ctx: TaskContext) => Issue[];
  run: (req: Resolved<F>, ctx: TaskContext) => R;
}

export const defineTask = <const F extends Fields, R extends Result>(def: TaskDef<F, R>) => def;

export type Outcome<R = Result> =
  { ok: true; request: Record<string, unknown>; result: R } | { ok: false; issues: Issue[] };

/** Checks a request against a task's fields, requirements and rules, all issues at once. */
export function checkRequest(
  def: TaskDef,
  raw: unknown,
  ctx: TaskContext,
  path = "",
): { ok: true; request: Record<string, unknown> } | { ok: false; issues: Issue[] } {
  if (!isRecord(raw)) return { ok: false, issues: [issue(path || "request", "not-an-object")] };
  const checked = checkFields(def.fields, raw, withModels(ctx), path, ["task"]);
  const issues = [...checked.issues];
  for (const name of def.required ?? [])
    if (own(raw, name) === undefined)
      issues.push(issue(path ? `${path}.${name}` : name, "required"));
  const bad = new Set(issues.map((i) => topField(i.field, path)));
  issues.push(...requirementIssues(def.requirements ?? [], raw, path, bad));
  const derived = def.defaults ? def.defaults(checked.value) : {};
  const request = withDefaults(def.fields, withDerived(def.fields, derived, checked.value));
  const broken =
    (issues.length ? rulesOverGood(def, request, bad, ctx) : def.rules?.(request as never, ctx)) ??
    [];
  const all = [
    ...issues,
    ...(path ? broken.map((i) => ({ ...i, field: `${path}.${i.field}` })) : broken),
  ];
  return all.length ? { ok: false, issues: all } : { ok: true, request };
}

/** The request's own field an issue's path names (`lora.rank` → `lora`). */
function topField(field: string, path: string): string {
  const own = path && field.startsWith(`${path}.`) ? field.slice(path.length + 1) : field;
  return own.split(/[.[]/)[0] ?? own;
}

class ReadOfBadField extends Error {}

/**
 * The cross-field rules of a request that also has bad fields, so a request is refused with
 * every issue at once; rules that read a bad or missing field are skipped, since what they
 * would say rests on a value the user has still to fix.
 */
function rulesOverGood(
  def: TaskDef,
  request: Record<string, unknown>,
  bad: ReadonlySet<string>,
  ctx: TaskContext,
): Issue[] {
  if (!def.rules) return [];
  const guarded = new Proxy(request, {
    get(target, key, receiver) {
      if (typeof key === "string" && bad.has(key)) throw new ReadOfBadField(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  try {
    return def.rules(guarded as never, ctx);
  } catch (e) {
    if (e instanceof ReadOfBadField) return [];
    throw e;
  }
}

/**
 * The first number in a result that is NaN or infinite, as a dotted path; null if none.
 * Walked with a list, not recursion: a result may carry the request's own values (a pasted
 * config.json), whose depth the user chooses.
 */
export function nonFinitePath(value: unknown, path = ""): string | null {
  const todo: [unknown, string][] = [[value, path]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [v, p] = next;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return p || "result";
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(v)
      ? (v as unknown[]).map((x, i) => [String(i), x])
      : isRecord(v)
        ? Object.entries(v)
        : [];
    // Pushed last to first, so the first non-finite number in order is found first.
    for (const [k, x] of entries.reverse()) todo.push([x, p ? `${p}.${k}` : k]);
  }
  return null;
}

/**
 * The inputs a non-finite result comes from: each number field, put back to its default
 * (or its table minimum) on its own, that makes the result finite again.
 */
function blame(def: TaskDef, request: Record<string, unknown>, ctx: TaskContext): string[] {
  const out: string[] = [];
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.kind !== "number" || typeof request[key] !== "number") continue;
    const tamed = { ...request, [key]: f.default ?? (f.above ? f.max : f.min) };
    try {
      if (nonFinitePath(def.run(tamed as never, ctx)) === null) out.push(key);
    } catch {
      // A tamed request the estimator cannot run says nothing about the blame.
    }
  }
  return out;
}

/** Checks and runs one request. A result that would hold NaN or Infinity is an issue instead. */
export function runTask<F extends Fields, R extends Result>(
  def: TaskDef<F, R>,
  raw: unknown,
  ctx: TaskContext,
): Outcome<R> {
  const checked = checkRequest(def as unknown as TaskDef, raw, ctx);
  if (!checked.ok) return checked;
  const result = def.run(checked.request as Resolved<F>, ctx);
  const bad = nonFinitePath(result);
  if (bad !== null) {
    const culprits = blame(def as unknown as TaskDef, checked.request, ctx);
    return {
      ok: false,
      issues: (culprits.length ? culprits : ["request"]).map((field) =>
        issue(field, "result-not-finite", { output: bad }),
      ),
    };
  }
  return { ok: true, request: checked.request, result };
}
