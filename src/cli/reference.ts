/**
 * The README's reference for requests and the figures of its examples, generated from the
 * task registry and the engine, so they cannot drift from the code: `npm run -s docs`
 * rewrites them between their markers, and a unit test fails when they are stale.
 */
import type { Requirement, TaskContext, TaskId } from "../estimate/index.ts";
import { TASKS, runRequest } from "../estimate/index.ts";
import type { Field, Fields } from "../estimate/request/field.ts";
import { BYTES_PER_GIB } from "../estimate/units.ts";

const fmt = (v: unknown): string =>
  typeof v === "string" ? `\`"${v}"\`` : `\`${JSON.stringify(v)}\``;

function describe(f: Field): string {
  switch (f.kind) {
    case "number": {
      const range = `${f.above ? ">" : "≥"} ${f.min}, ≤ ${f.max}`;
      return `${f.int ? "whole number" : "number"} ${range}${f.unit === "count" ? "" : ` (${f.unit})`}`;
    }
    case "enum":
      return f.options.map(fmt).join(", ");
    case "bool":
      return "`true` / `false`";
    case "text":
      return f.format === "date" ? "date, `YYYY-MM-DD`" : `text, ≤ ${f.max} characters`;
    case "gpu":
      return "catalog GPU id (`content/gpus.json`)";
    case "preset":
      return "preset id";
    case "model":
      return "model: `{preset}`, `{params}`, an architecture or `{hfConfig}` (see Models)";
    case "object":
      return `object: ${Object.keys(f.fields)
        .map((k) => `\`${k}\``)
        .join(", ")}`;
    case "list":
      return `list of ${f.min}–${f.max} objects: ${Object.keys(f.item)
        .map((k) => `\`${k}\``)
        .join(", ")}`;
    case "enum-list":
      return `list of: ${f.options.map(fmt).join(", ")}`;
    case "gpu-list":
      return "list of catalog GPU ids";
    case "gpu-map":
      return "object: catalog GPU id → number";
    case "gpu-prices":
      return "object: catalog GPU id → price per GPU-hour, or `{ pricePerGpuHour, currency }`";
    case "request":
      return `a request of task ${f.tasks.map(fmt).join(" or ")}`;
  }
}

const code = (name: string): string => `\`${name}\``;

/** What a field's requirements across fields say of it: "one of …", "required with …". */
function conditions(name: string, reqs: readonly Requirement[]): string[] {
  return reqs.flatMap((r) =>
    "oneOf" in r
      ? r.oneOf.includes(name)
        ? [`one of ${r.oneOf.map(code).join(", ")} required`]
        : []
      : r.field === name
        ? [`required with ${r.withTask ? `a ${fmt(r.withTask)} ` : ""}${code(r.with)}`]
        : [],
  );
}

function rows(
  fields: Fields,
  required: readonly string[],
  reqs: readonly Requirement[],
  prefix = "",
): string[] {
  const out: string[] = [];
  for (const [name, f] of Object.entries(fields)) {
    const must = required.includes(name) || ("required" in f && f.required === true);
    const def =
      "default" in f && f.default !== undefined
        ? fmt(f.default)
        : must
          ? "required"
          : conditions(name, reqs).join("; ");
    out.push(`| ${code(prefix + name)} | ${describe(f)} | ${def} |`);
    if (f.kind === "object") out.push(...rows(f.fields, [], [], `${prefix}${name}.`));
    if (f.kind === "list") out.push(...rows(f.item, [], [], `${prefix}${name}[].`));
  }
  return out;
}

/**
 * One table per task: every field, what it takes, and its default, or whether the request
 * needs it: always ("required"), or as its requirements across fields say.
 */
export function renderReference(): string {
  return (Object.keys(TASKS) as TaskId[])
    .map((id) => {
      const def = TASKS[id] as unknown as {
        fields: Fields;
        required?: readonly string[];
        requirements?: readonly Requirement[];
      };
      return [
        `#### \`${id}\``,
        "",
        "| field | takes | default |",
        "| --- | --- | --- |",
        ...rows(def.fields, def.required ?? [], def.requirements ?? []),
      ].join("\n");
    })
    .join("\n\n");
}

export interface Example {
  request: Record<string, unknown>;
  /** Result fields to quote, with how many significant digits. */
  quote: readonly string[];
}

/** The examples the README runs, each with the figures it quotes. */
export const EXAMPLES: readonly Example[] = [
  {
    request: {
      task: "train-memory",
      model: { preset: "llama-3.1-8b" },
      precision: "bf16-mixed",
      optimizer: "adamw",
      microBatch: 2,
      seqLen: 2048,
      recompute: "full",
    },
    quote: ["allocatorPeakBytes", "nvidiaSmiBytes", "recommendedBytes"],
  },
  {
    request: {
      task: "decode-speed",
      model: { preset: "llama-3.1-8b" },
      weightBits: 16,
      gpu: "rtx-4090",
      tensorParallel: 2,
      engine: "vllm",
      sequences: 8,
      promptTokens: 1000,
    },
    quote: ["tokensPerSecond", "tokensPerSecondPerSequence", "ttftSeconds", "tpotSeconds"],
  },
  {
    request: {
      task: "cost",
      options: [
        { gpu: "rtx-4090", gpus: 1, pricePerHour: 2.5, runHours: 72 },
        { gpu: "rtx-4090", gpus: 4, pricePerHour: 10, scaling: 0.75 },
      ],
      setupHours: 2,
      rerunFraction: 0.1,
      storageGB: 500,
      storagePricePerGBMonth: 0.3,
    },
    quote: ["total", "hours", "cheapest"],
  },
  {
    request: {
      task: "plan",
      workload: {
        task: "train-memory",
        model: { preset: "llama-3.1-8b" },
        lora: { rank: 16 },
        recompute: "full",
      },
      tokens: 5e8,
      deadlineHours: 48,
      budget: 500,
      prices: { "h100-sxm": { pricePerGpuHour: 2.5, currency: "USD" } },
      sortBy: "cost",
      pricesOn: "2026-12-01",
    },
    quote: ["rows.0.gpu", "rows.0.gpus", "rows.0.hours", "rows.0.cost", "rows.0.priceSource"],
  },
  {
    request: {
      task: "plan",
      workload: {
        task: "serve",
        model: { preset: "llama-3.1-70b" },
        weightBits: 16,
        users: 20,
        contextTokens: 8192,
        outputTokensPerSecondPerUser: 20,
      },
      pricesOn: "2026-12-01",
    },
    quote: [
      "rows.0.gpu",
      "rows.0.gpus",
      "rows.0.tokensPerSecondPerUser",
      "rows.0.costPerMillionTokens",
      "rows.0.spareShare",
      "rows.0.priceSource.date",
    ],
  },
  {
    request: {
      task: "plan",
      workload: { task: "render", secondsPerFrame: 45, frames: 2880 },
      measuredOn: "rtx-4090",
      maxGpus: 8,
      pricesOn: "2026-12-01",
    },
    quote: ["rows.0.gpu", "rows.0.gpus", "rows.0.hours", "rows.0.cost", "rows.0.costPerUnit"],
  },
  {
    request: {
      task: "measured-run",
      peakBytes: 19_864_223_744,
      memoryTotalMiB: 24564,
      throughputPerHour: 462_130,
      totalWork: 5e7,
    },
    quote: ["recommendedBytes", "verdict.rentGB", "verdict.fitsOn.0", "own.fit", "singleGpuHours"],
  },
];

/** A result's value at a dotted path (`rows.0.gpu`). */
const valueAt = (result: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (v, k) =>
        v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined,
      result,
    );

const sig = (v: number): string =>
  Number.isInteger(v) && Math.abs(v) < 1e6 ? String(v) : v.toPrecision(4);

/** A quoted figure; bytes also in GiB, the unit PyTorch prints. */
function figure(key: string, v: unknown): string {
  if (typeof v !== "number") return `\`${key}\` ${JSON.stringify(v)}`;
  const gib = key.endsWith("Bytes") ? ` (${(v / BYTES_PER_GIB).toFixed(1)} GiB)` : "";
  return `\`${key}\` ${sig(v)}${gib}`;
}

/** Each example as the request to pipe in and the figures it gives. */
export function renderExamples(ctx: TaskContext): string {
  return EXAMPLES.map((e) => {
    const r = runRequest(e.request, ctx);
    if (!r.ok) throw new Error(`README example refused: ${JSON.stringify(r.issues)}`);
    const figures = e.quote
      .map((k) => {
        const v = valueAt(r.result, k);
        // A renamed result field must fail the docs, not print "undefined" into the README.
        if (v === undefined) throw new Error(`README example quotes ${k}, which the result lacks`);
        return figure(k, v);
      })
      .join(", ");
    return [
      "```sh",
      `echo '${JSON.stringify(e.request)}' | npm run -s estimate -- -`,
      "```",
      "",
      `gives ${figures}.`,
    ].join("\n");
  }).join("\n\n");
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceBlock(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README has no ${name} block`);
  return `${doc.slice(0, i + start.length)}\n\n${body}\n\n${doc.slice(j)}`;
}
