/**
 * What the README's field reference says a request needs is what the checker enforces:
 * every field marked "required" is refused when left out, every "one of" group when all
 * of it is left out, every "required with" field when its partner is given; and a field
 * the reference leaves optional is never asked for. Read from the README as published.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { runRequest, TASK_IDS } from "../../../src/estimate/registry.ts";
import { loadReferencePrices } from "../../../src/prices/load.ts";

const CTX = { gpus: loadGpuSpecs(), presets: PRESETS, prices: loadReferencePrices() };
const README = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

/** Each task's top-level rows: field name → the "default" column's text. */
function table(task: string): Map<string, string> {
  const start = README.indexOf(`#### \`${task}\``);
  const body = README.slice(start).split("\n\n")[1] ?? "";
  const rows = new Map<string, string>();
  for (const line of body.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const name = /^`([A-Za-z]+)`$/.exec(cells[1] ?? "")?.[1];
    if (name) rows.set(name, cells[3] ?? "");
  }
  return rows;
}

const LLAMA = { preset: "llama-3.1-8b" };
/** The least valid request of each task (what the reference calls required, and no more). */
const BASE: Record<string, Record<string, unknown>> = {
  "train-memory": { task: "train-memory", model: LLAMA },
  "infer-memory": { task: "infer-memory", model: LLAMA },
  "decode-speed": { task: "decode-speed", model: LLAMA, gpu: "rtx-4090" },
  "train-time": { task: "train-time", model: LLAMA, tokens: 1e9, gpu: "h100-sxm" },
  cost: { task: "cost", options: [{ gpu: "rtx-4090", pricePerHour: 2, runHours: 10 }] },
  plan: { task: "plan", workload: { task: "train-memory", model: LLAMA }, tokens: 1e9 },
  serve: { task: "serve", model: LLAMA, outputTokensPerSecondPerUser: 20 },
  diagnose: { task: "diagnose", throughputA: 1, throughputB: 2, peakA: 100, peakB: 200 },
  render: { task: "render", resolution: "4k" },
  "measured-run": { task: "measured-run", peakBytes: 2e10 },
};
/** A valid value for each field a requirement pairs with another. */
const VALID: Record<string, unknown> = {
  tokens: 1e9,
  samples: 1e6,
  flopsPerSample: 1e12,
  model: LLAMA,
  peakA: 100,
  gpuA: "h100-sxm",
  peakB: 200,
  gpuB: "a100-80gb-sxm",
  resolution: "4k",
  secondsPerFrame: 30,
  frames: 100,
  measuredOn: "rtx-4090",
};
/** A workload of each task a plan's requirement may name. */
const WORKLOAD: Record<string, unknown> = {
  "train-memory": { task: "train-memory", model: LLAMA },
  render: { task: "render", secondsPerFrame: 30, frames: 100 },
};

const without = (req: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(Object.entries(req).filter(([k]) => !names.includes(k)));
const asked = (req: Record<string, unknown>, field: string): boolean => {
  const r = runRequest(req, CTX);
  return !r.ok && r.issues.some((i) => i.field === field);
};

describe("the README's field reference says what a request needs", () => {
  it.each(TASK_IDS)("%s", (task) => {
    const rows = table(task);
    const base = BASE[task] ?? {};
    expect(runRequest(base, CTX).ok, "the least request is valid").toBe(true);
    expect(rows.size).toBeGreaterThan(0);
    for (const [field, need] of rows) {
      const oneOf = /^one of ((?:`\w+`(?:, )?)+) required/.exec(need);
      const withPartner = /required with (?:a `"([\w-]+)"` )?`(\w+)`/.exec(need);
      if (need === "required") {
        expect(asked(without(base, field), field), `${task}.${field} is required`).toBe(true);
      } else if (oneOf || withPartner) {
        if (oneOf) {
          const group = [...(oneOf[1] ?? "").matchAll(/`(\w+)`/g)].map((m) => m[1] ?? "");
          const none = without(base, ...group);
          expect(
            asked(none, group[0] ?? ""),
            `${task}: one of ${group.join(", ")} is required`,
          ).toBe(true);
          // Any one of them alone (and what it is required with) answers the request.
          const alone: Record<string, unknown> = { ...none, [field]: VALID[field] };
          for (const [other, its] of rows)
            if (its.includes(`required with \`${field}\``)) alone[other] = VALID[other];
          expect(runRequest(alone, CTX).ok, `${task}: ${field} alone is one of`).toBe(true);
        }
        if (withPartner) {
          const partner = withPartner[2] ?? "";
          const value = withPartner[1] ? WORKLOAD[withPartner[1]] : VALID[partner];
          const req = { ...without(base, field), [partner]: value };
          expect(asked(req, field), `${task}.${field} is required with ${partner}`).toBe(true);
        }
      } else {
        expect(asked(without(base, field), field), `${task}.${field} is optional`).toBe(false);
      }
    }
  });
});
