/**
 * A model as a request gives it, checked and resolved in one step: a preset id, a parameter
 * count, an architecture, or a pasted config.json. The result carries the source, the name
 * to show and the spec to compute with together, so a name can never stand beside another
 * model's numbers. Every shape, however it arrives, is held to `model/arch-fields.ts`.
 */
import type { ModelArch, ModelSpec } from "./model.ts";
import type { ModelName, ResolvedModelValue } from "./value.ts";
import type { Preset } from "./presets.ts";
import { ARCH_FIELDS, PARAMS_FIELDS, shapeRules } from "./arch-fields.ts";
import { parseHfConfig } from "./hf-config.ts";
import type { FieldCheck } from "../request/check-value.ts";
import {
  checkScalarOnly,
  isRecord,
  listIds,
  MAX_SUGGESTIONS,
  walkFields,
} from "../request/check-value.ts";
import { own } from "../request/own.ts";
import { at, issue } from "../request/issue.ts";
import { nearestName } from "../request/nearest.ts";

export type { ModelName, ResolvedModelValue } from "./value.ts";

/** The keys that tell which kind of source a model object is. */
const KIND_KEYS = ["preset", "params", "hfConfig", "layers"] as const;

/** Every name a model object may use, for "did you mean" suggestions. */
const MODEL_NAMES = [
  "preset",
  "hfConfig",
  ...Object.keys(PARAMS_FIELDS),
  ...Object.keys(ARCH_FIELDS),
];

/** Builds the estimator's architecture from checked architecture fields. */
export function archFromFields(a: Record<string, unknown>): ModelArch {
  const { experts, activeExperts, sharedExperts, expertFfn, ...rest } = a as unknown as {
    experts?: number;
    activeExperts?: number;
    sharedExperts?: number;
    expertFfn?: number;
  } & ModelArch;
  const arch: ModelArch = { ...rest };
  if (experts !== undefined && experts > 1) {
    arch.moe = {
      experts,
      activeExperts: activeExperts ?? 1,
      sharedExperts: sharedExperts ?? 0,
      expertFfn: expertFfn ?? rest.ffn,
    };
  }
  return arch;
}

function resolved(source: Record<string, unknown>, name: ModelName, spec: ModelSpec): FieldCheck {
  return { keep: { source, name, spec } satisfies ResolvedModelValue, issues: [] };
}

/** Checks and resolves a model field; `path` is where it sits in the request (`model`). */
export function checkModel(v: unknown, path: string, presets: readonly Preset[]): FieldCheck {
  if (!isRecord(v)) return { issues: [issue(path, "model-kind")] };
  const kinds = KIND_KEYS.filter((k) => own(v, k) !== undefined);
  if (kinds.length !== 1) {
    const unknown = Object.keys(v).filter((k) => !MODEL_NAMES.includes(k));
    if (kinds.length === 0 && unknown.length > 0)
      return {
        issues: unknown.map((k, i) => {
          const nearest = i < MAX_SUGGESTIONS ? nearestName(k, MODEL_NAMES) : undefined;
          return issue(at(path, k), "unknown-field", { name: k, ...(nearest ? { nearest } : {}) });
        }),
      };
    return { issues: [issue(path, "model-kind")] };
  }
  const kind = kinds[0];
  if (kind === "preset") {
    const id = own(v, "preset");
    const extra = Object.keys(v).filter((k) => k !== "preset");
    if (extra.length)
      return { issues: extra.map((k) => issue(at(path, k), "unknown-field", { name: k })) };
    const p = typeof id === "string" ? presets.find((x) => x.id === id) : undefined;
    if (!p) {
      const ids = presets.map((x) => x.id);
      const nearest = typeof id === "string" ? nearestName(id, ids) : undefined;
      return {
        issues: [
          issue(at(path, "preset"), "unknown-preset", {
            id: String(id),
            known: listIds(ids, 50),
            ...(nearest ? { nearest } : {}),
          }),
        ],
      };
    }
    return resolved(
      { preset: p.id },
      { kind: "preset", id: p.id, name: p.name, source: p.source },
      p.model,
    );
  }
  if (kind === "params") {
    const r = walkFields(PARAMS_FIELDS, v, path, checkScalarOnly);
    const params = r.value["params"] as number | undefined;
    const active = r.value["activeParams"] as number | undefined;
    if (params !== undefined && active !== undefined && active > params)
      r.issues.push(issue(at(path, "activeParams"), "active-params", { params }));
    if (r.issues.length || params === undefined) return { issues: r.issues };
    const spec = active === undefined ? { params } : { params, activeParams: active };
    return resolved(r.value, { kind: "params", params }, spec);
  }
  if (kind === "hfConfig") {
    const extra = Object.keys(v).filter((k) => k !== "hfConfig");
    if (extra.length)
      return { issues: extra.map((k) => issue(at(path, k), "unknown-field", { name: k })) };
    const r = parseHfConfig(own(v, "hfConfig"));
    if (!r.ok) {
      const where = at(path, "hfConfig");
      return { issues: [{ ...r.issue, field: r.issue.field ? at(where, r.issue.field) : where }] };
    }
    return resolved({ hfConfig: own(v, "hfConfig") }, { kind: "hf", family: r.family }, r.model);
  }
  const r = walkFields(ARCH_FIELDS, v, path, checkScalarOnly);
  r.issues.push(...shapeRules(r.value, path));
  if (r.issues.length) return { issues: r.issues };
  return resolved(r.value, { kind: "arch" }, archFromFields(r.value));
}
