/**
 * The page and the command line give the same numbers: random valid states (drawn from the
 * core's own field tables with a seeded generator, including several GPUs, tensor
 * parallelism, LoRA and quantization) are opened as links; each widget's figures must
 * equal the command line's result for the request the widget shows, and a state the core
 * refuses must be refused by both, with the same issues.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.ts";
import type { Field, Fields } from "../../../src/estimate/tasks/field.ts";
import { TRAINING_FIELDS } from "../../../src/estimate/tasks/training-fields.ts";
import { SERVING_FIELDS } from "../../../src/estimate/tasks/serving-fields.ts";
import { JOB_FIELDS } from "../../../src/estimate/tasks/job-fields.ts";
import { FIT_STORE_FIELDS } from "../../../src/stores/fit.ts";
import { PRESETS } from "../../../src/estimate/presets.ts";
import { runRequest } from "../../../src/estimate/tasks/registry.ts";
import { gb, gib, mib, num, sci } from "../../../src/i18n/format.ts";
import { GPUS, PRICES, engineReady, figure, hydrateAll, pageRequest, pagePath } from "./helpers.ts";
import type { WidgetId } from "./helpers.ts";

/** A small seeded generator (mulberry32), so every run draws the same states. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = () => number;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** A value of a field, from its own range and options (log-uniform, capped to stay quick). */
function sample(f: Field, r: Rng, cap: number): unknown {
  switch (f.kind) {
    case "number": {
      if (f.percent) return Math.round((0.05 + r() * 0.95) * 100) / 100;
      const lo = Math.max(f.min, f.above ? f.min + 1 : f.min, 1);
      const hi = Math.max(lo, Math.min(f.max, cap));
      const v = Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo)));
      return f.int ? Math.round(v) : Math.round(v * 100) / 100;
    }
    case "enum":
      return pick(r, f.options);
    case "bool":
      return r() < 0.5;
    case "gpu":
      return pick(r, GPUS).id;
    default:
      return undefined;
  }
}

/** A random partial state of a store: some of its fields set, each to a valid value. */
function state(fields: Fields, r: Rng, caps: Record<string, number>, only: string[]) {
  const out: Record<string, unknown> = {};
  for (const name of only) {
    const f = fields[name];
    if (!f || r() < 0.3) continue;
    const v = sample(f, r, caps[name] ?? 64);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** A link as the site writes it: one parameter per field, JSON for groups and lists. */
function link(stores: Record<string, Record<string, unknown>>): string {
  const p = new URLSearchParams({ v: "2" });
  for (const [id, values] of Object.entries(stores))
    for (const [k, v] of Object.entries(values))
      p.append(`${id}.${k}`, typeof v === "string" ? v : JSON.stringify(v));
  return p.toString();
}

const MODELS = [
  { kind: "preset", preset: "llama-3.1-8b" },
  { kind: "preset", preset: "llama-3.1-70b" },
  { kind: "preset", preset: "qwen2.5-7b" },
  { kind: "preset", preset: "mixtral-8x7b" },
  { kind: "params", params: 13e9 },
];

interface Case {
  widget: Exclude<WidgetId, "mp">;
  stores: Record<string, Record<string, unknown>>;
}

function cases(seed: number, n: number): Case[] {
  const r = rng(seed);
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const m = pick(r, MODELS);
    const gpus = pick(r, [1, 2, 4, 8]);
    const training = {
      ...state(TRAINING_FIELDS, r, { seqLen: 8192, microBatch: 8, gradAccumulation: 8 }, [
        "precision",
        "optimizer",
        "microBatch",
        "seqLen",
        "recompute",
        "flashAttention",
        "sharding",
        "offload",
        "headroom",
        "gpu",
      ]),
      gpus,
      tensorParallel: pick(
        r,
        [1, 2, 4, 8].filter((t) => t <= gpus),
      ),
      ...(r() < 0.6 ? { lora: { rank: pick(r, [8, 16, 64]), baseBits: pick(r, [4, 8, 16]) } } : {}),
    };
    const serving = {
      ...state(
        SERVING_FIELDS,
        r,
        { contextTokens: 32768, sequences: 64, promptTokens: 8192, outputTokens: 2048 },
        ["kvBits", "contextTokens", "sequences", "engine", "promptTokens", "outputTokens", "gpu"],
      ),
      weightBits: pick(r, [32, 16, 8, 4.85, 4]),
      tensorParallel: pick(r, [1, 2, 4, 8]),
    };
    const job = state(JOB_FIELDS, r, { tokens: 1e11 }, [
      "tokens",
      "mfu",
      "scaling",
      "deadlineHours",
    ]);
    const widget = pick(r, ["tm", "im", "tp", "ct", "gf"] as const);
    out.push({ widget, stores: { m, t: training, i: serving, c: job } });
  }
  return out;
}

/** A memory result's headline: GB to rent per GPU (its verdict). */
const rentGB = (r: Record<string, unknown>): number =>
  (r["verdict"] as { rentGB?: number } | undefined)?.rentGB ?? NaN;

/** The figures each widget shows, formatted from a command-line result as the page does. */
const FIGURES: Record<string, Record<string, (r: Record<string, number>) => string>> = {
  tm: {
    allocator: (r) => gib("en", r["allocatorPeakBytes"] ?? NaN),
    smi: (r) => mib("en", r["nvidiaSmiBytes"] ?? NaN),
    rent: (r) => gb("en", rentGB(r) * 1e9),
  },
  im: {
    weights: (r) => gib("en", r["weightBytes"] ?? NaN),
    kv: (r) => gib("en", r["kvCacheBytes"] ?? NaN),
    rent: (r) => gb("en", rentGB(r) * 1e9),
  },
  tp: {
    decode: (r) => `${num("en", r["tokensPerSecond"])} tokens/s`,
    bound: (r) => `${num("en", r["boundTokensPerSecond"])} tokens/s`,
    ttft: (r) => `${num("en", r["ttftSeconds"])} s`,
  },
  ct: {
    flops: (r) => `${sci("en", r["flops"] ?? NaN)} FLOPs`,
    hours: (r) => `${num("en", r["hours"])} h`,
  },
  gf: {},
};

async function check(page: Page, c: Case) {
  await page.goto(`${pagePath("en", c.widget)}#${link(c.stores)}`);
  await hydrateAll(page);
  await engineReady(page);
  await expect(page.locator("[data-link-note]")).toHaveCount(0);
  const request = await pageRequest(page, c.widget);
  // The request says what the link set.
  const typed =
    c.widget === "im" || c.widget === "tp"
      ? c.stores["i"]
      : c.widget === "gf" && c.stores["f"]
        ? c.stores["f"]
        : c.stores["t"];
  for (const [k, v] of Object.entries(typed ?? {}))
    if (k in request) expect(request[k], `${c.widget} ${k}`).toEqual(v);
  const cli = runRequest(request, { gpus: GPUS, presets: PRESETS, prices: PRICES });
  const section = page.locator(`section[aria-labelledby="${c.widget}-title"]`);
  if (!cli.ok) {
    // Refused by the command line: the page refuses it too, naming the same fields.
    const fields = await section
      .locator("[data-issue-field]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-issue-field")));
    expect(fields.sort()).toEqual(cli.issues.map((i) => i.field).sort());
    return;
  }
  const result = cli.result as unknown as Record<string, number>;
  for (const [key, format] of Object.entries(FIGURES[c.widget] ?? {}))
    await expect(figure(page, c.widget, key), `${c.widget} ${key}`).toHaveText(format(result));
  if (c.widget === "gf") {
    // The table shows each GPU once, at its best count.
    const best = (cli.result as unknown as { best: { gpu: string }[] }).best;
    const ids = await section
      .locator('[data-table="fit"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu")));
    expect(ids).toEqual(best.map((x) => x.gpu));
  }
}

test.describe.configure({ mode: "parallel" });

for (const [i, c] of cases(20261201, 18).entries()) {
  test(`page = command line, random state ${i + 1} (${c.widget})`, async ({ page }) => {
    await check(page, c);
  });
}

/** The decision table's own inputs, drawn for training, serving and batch workloads. */
function planCases(seed: number, n: number): Case[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const mode = pick(r, FIT_STORE_FIELDS.mode.options);
    const f = {
      ...state(
        FIT_STORE_FIELDS,
        r,
        {
          users: 64,
          outputTokensPerSecondPerUser: 60,
          budget: 1e4,
          maxGpus: 16,
          epochs: 3,
          secondsPerFrame: 600,
          frames: 1e5,
        },
        Object.keys(FIT_STORE_FIELDS).filter((k) => k !== "mode" && k !== "interNodeGbps"),
      ),
      mode,
    };
    const job = state(JOB_FIELDS, r, { tokens: 1e10 }, ["tokens", "deadlineHours"]);
    return { widget: "gf", stores: { m: pick(r, MODELS), f, c: job } };
  });
}

for (const [i, c] of planCases(20261202, 6).entries()) {
  const mode = String(c.stores["f"]?.["mode"]);
  test(`page = command line, random plan ${i + 1} (${mode})`, async ({ page }) => {
    await check(page, c);
  });
}

test("multi-GPU decode: the page's tokens/s on 1, 2 and 4 RTX 4090s equal the command line's", async ({
  page,
}) => {
  for (const tp of [1, 2, 4]) {
    await check(page, {
      widget: "tp",
      stores: {
        m: { kind: "preset", preset: "llama-3.1-8b" },
        i: { weightBits: 16, gpu: "rtx-4090", tensorParallel: tp, sequences: 1 },
      },
    });
  }
});
