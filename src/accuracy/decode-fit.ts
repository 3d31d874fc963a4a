/**
 * Fits the step model's constants (`src/estimate/serving/decode-step.ts`) to the calibration rows:
 * per engine and weight format the achieved share of the bandwidth bound and a fixed cost per
 * layer, and the achieved share of the dense peak in compute-bound steps (pooled over every
 * engine for one whose own compute-bound rows come from fewer than two GPU models); per
 * link an all-reduce latency.
 *
 * Every row is run the way the estimate runs it: as its decode-speed request, through the
 * engine's schedule (`serving/schedule.ts`), so what is fitted is the sum of the steps the
 * estimate prices. A decode row measured the time per output token; a serving run measured
 * its output tokens per second (the service time of a request) or its time per output token.
 * Each is a sum of step times, and a step's time is linear in the unknowns once it is known
 * whether its multiplies are bound by the weight read or by the arithmetic: the fit guesses
 * that, solves least squares on relative error, and repeats until the guess holds.
 *
 * Rows are weighted so that each GPU model carries the same weight within an engine and
 * format: a GPU with many rows does not decide a constant by its count alone.
 */
import type { CalibrationRow } from "./calibration.ts";
import type { ServingRun } from "./serving-runs.ts";
import { servingRunRequest } from "./serving-runs.ts";
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { DecodeConstants, LinkClass, StepFeatures } from "../estimate/serving/decode-step.ts";
import { cycleOf, servingLoads } from "../estimate/serving/speed.ts";
import type { ModelArch } from "../estimate/model/model.ts";
import { PRESETS } from "../estimate/model/presets.ts";
import { speedInput } from "../estimate/serving/decode-speed.ts";
import { decodeSpeedTask } from "../estimate/serving/decode-speed.ts";
import type { ServingRequest } from "../estimate/serving/infer-memory.ts";
import { checkRequest } from "../estimate/request/task.ts";
import type { TaskContext, TaskDef } from "../estimate/request/task.ts";
import type { Engine, WeightFormat } from "../estimate/vocabulary.ts";

export type DecodeFit = DecodeConstants;

/** A measured figure as a sum of step times: Σ coefficient × step time = seconds. */
export interface FitRow {
  id: string;
  engine: Engine;
  format: WeightFormat;
  gpu: string;
  /** The decode-speed request the row is estimated by. */
  request: Record<string, unknown>;
  /**
   * `tpot`: seconds are the time per output token × the decode steps; `service`: seconds
   * are one request's service time (running users × output tokens ÷ output tokens/s).
   */
  measure: Measured["kind"];
  terms: { coefficient: number; features: StepFeatures }[];
  seconds: number;
}

/** The model a row measured, from its architecture columns. */
export function rowModel(r: CalibrationRow): ModelArch {
  const model: ModelArch = {
    layers: r.layers,
    hidden: r.hidden,
    heads: r.heads,
    kvHeads: r.kv_heads,
    headDim: r.head_dim,
    ffn: r.ffn,
    vocab: r.vocab,
    tiedEmbeddings: r.tied_embeddings,
  };
  if (r.experts !== undefined && r.active_experts !== undefined && r.expert_ffn !== undefined)
    model.moe = {
      experts: r.experts,
      activeExperts: r.active_experts,
      expertFfn: r.expert_ffn,
      sharedExperts: r.shared_experts ?? 0,
    };
  return model;
}

/** A row's stated link as the request's `gpuLink`; unstated: the catalog's; a network: no row. */
export const ROW_LINK: Record<string, LinkClass | null | undefined> = {
  nvswitch: "gpu-link",
  "nvlink-bridge": "gpu-link",
  pcie: "pcie",
  "pcie-no-p2p": "pcie-no-p2p",
  network: null,
  unknown: undefined,
};

/** The mean context a measurement decoded over: the prompt, then half the generated tokens. */
const meanContext = (row: CalibrationRow): number =>
  (row.prompt_tokens ?? 0) + (row.gen_tokens ?? 0) / 2;

/**
 * A decode row as the decode-speed request that estimates it: `batch` sequences decoding
 * with no prompt for twice the row's mean context, which reads the KV cache at that mean
 * context and carries one token per sequence in every step.
 */
export function calibrationRequest(row: CalibrationRow): Record<string, unknown> | null {
  const stated = row.link === undefined ? undefined : ROW_LINK[row.link];
  if (stated === null) return null;
  const m = rowModel(row);
  const output = Math.max(2, Math.round(2 * meanContext(row)));
  return {
    task: "decode-speed",
    model: {
      layers: m.layers,
      hidden: m.hidden,
      heads: m.heads,
      kvHeads: m.kvHeads,
      headDim: m.headDim,
      ffn: m.ffn,
      vocab: m.vocab,
      tiedEmbeddings: m.tiedEmbeddings,
      ...(m.moe
        ? {
            experts: m.moe.experts,
            activeExperts: m.moe.activeExperts,
            expertFfn: m.moe.expertFfn,
            sharedExperts: m.moe.sharedExperts,
          }
        : {}),
    },
    engine: row.engine,
    weightFormat: row.weight_format,
    weightBits: row.weight_bits,
    gpu: row.gpu,
    tensorParallel: row.tensor_parallel,
    ...(stated === undefined ? {} : { gpuLink: stated }),
    sequences: row.batch,
    promptTokens: 0,
    outputTokens: output,
    contextTokens: output + 1,
  };
}

type Measured = { kind: "tpot"; seconds: number } | { kind: "service"; seconds: number };

/** The steps a request's estimate sums, as terms whose total is the measured figure. */
function termsOf(
  request: Record<string, unknown>,
  measured: Measured,
  ctx: TaskContext,
): Omit<FitRow, "id" | "gpu" | "request" | "measure"> | null {
  const checked = checkRequest(decodeSpeedTask as unknown as TaskDef, request, ctx);
  if (!checked.ok) throw new Error(`fit request refused: ${JSON.stringify(checked.issues)}`);
  const input = speedInput(checked.request as unknown as ServingRequest, ctx);
  const loads = servingLoads(input);
  const cycle = cycleOf(input, loads, () => 1);
  if (measured.kind === "tpot" && cycle.running < input.batch) return null;
  const decodes = Math.max(0, loads.outputTokens - 1);
  const terms = cycle.steps.map((s) => ({
    coefficient: s.count,
    features: loads.featuresOf(s.load),
  }));
  let seconds: number;
  if (measured.kind === "service") {
    // A run's output tokens/s is running × output tokens over one request's service time.
    seconds = measured.seconds;
  } else {
    // Time per output token: the service time less the steps to the first token, per decode.
    for (const x of cycle.ttftSteps)
      terms.push({ coefficient: -x.count, features: loads.featuresOf(x.load) });
    seconds = measured.seconds * Math.max(1, decodes);
  }
  return { engine: input.engine, format: input.format, terms, seconds };
}

/** Each usable decode row and serving calibration run, as sums of the steps it measured. */
export function fitRows(
  rows: readonly CalibrationRow[],
  gpus: readonly GpuSpec[],
  runs: readonly ServingRun[] = [],
): FitRow[] {
  const ctx: TaskContext = { gpus, presets: PRESETS };
  const out: FitRow[] = [];
  for (const row of rows) {
    const request = calibrationRequest(row);
    const gpu = gpus.find((g) => g.id === row.gpu);
    if (!request || !gpu || gpu.bandwidthGBps === undefined) continue;
    // A batch the estimator's KV pool would not hold cannot be expressed as one decode step.
    const t = termsOf(request, { kind: "tpot", seconds: 1 / row.tokens_per_s }, ctx);
    if (t) out.push({ id: row.id, gpu: row.gpu, request, measure: "tpot", ...t });
  }
  for (const run of runs) {
    if (run.role !== "calibration") continue;
    const request = servingRunRequest(run);
    const measured: Measured =
      run.output_tok_s !== undefined
        ? { kind: "service", seconds: 0 }
        : { kind: "tpot", seconds: (run.tpot_ms ?? 0) / 1000 };
    const t = termsOf(request, measured, ctx);
    if (!t) continue;
    if (measured.kind === "service") {
      // Service seconds of one request: running users × output tokens ÷ output tokens/s.
      const checked = checkRequest(decodeSpeedTask as unknown as TaskDef, request, ctx);
      if (!checked.ok) continue;
      const input = speedInput(checked.request as unknown as ServingRequest, ctx);
      const cycle = cycleOf(input, servingLoads(input), () => 1);
      t.seconds =
        (cycle.running * Math.max(1, Math.round(run.output_tokens))) / (run.output_tok_s ?? 1);
    }
    out.push({ id: run.id, gpu: run.gpu, request, measure: measured.kind, ...t });
  }
  return out;
}

/** Solves A x = b (Gaussian elimination with partial pivoting); null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((r, i) => [...r, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[p]?.[c] ?? 0)) p = r;
    const pivot = m[p];
    if (!pivot || Math.abs(pivot[c] ?? 0) < 1e-300) return null;
    [m[c], m[p]] = [pivot, m[c] ?? pivot];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = (m[r]?.[c] ?? 0) / (pivot[c] ?? 1);
      for (let k = c; k <= n; k++) (m[r] as number[])[k] = (m[r]?.[k] ?? 0) - f * (pivot[k] ?? 0);
    }
  }
  return m.map((r, i) => (r[n] ?? 0) / (r[i] ?? 1));
}

/**
 * The fit's rows do not determine its constants (the least-squares system is singular): an
 * engine's rows cannot tell its per-layer cost from its bandwidth share.
 */
export class UndeterminedFit extends Error {
  constructor() {
    super("decode fit: the calibration rows do not determine the constants");
  }
}

/** The engine and format whose constants a row fits (`vllm/fp16`). */
export const groupOf = (r: FitRow) => `${r.engine}/${r.format}`;

/** Whether each term's multiplies are bound by the arithmetic, under the current constants. */
type Bound = boolean[][];

/** The unknowns' columns for a row: seconds each unknown multiplies, and the known seconds. */
function columns(
  r: FitRow,
  bound: boolean[],
  computeKey: (g: string) => string,
): { cols: Map<string, number>; known: number } {
  const cols = new Map<string, number>();
  let known = 0;
  const add = (k: string, v: number) => cols.set(k, (cols.get(k) ?? 0) + v);
  r.terms.forEach((t, i) => {
    const f = t.features;
    const c = t.coefficient;
    if (bound[i]) {
      add(`compute:${computeKey(groupOf(r))}`, c * f.computeSeconds);
      add(`share:${groupOf(r)}`, c * f.kvSeconds);
    } else add(`share:${groupOf(r)}`, c * (f.weightSeconds + f.kvSeconds));
    add(`layer:${groupOf(r)}`, c * f.layers);
    if (f.allReduceSteps > 0) add(`link:${f.link}`, c * f.allReduceSteps);
    known += c * f.allReduceTransferSeconds;
  });
  return { cols, known };
}

/**
 * Weighted least squares on relative error: Σ w ((predicted − measured) / measured)², with
 * each (engine/format, GPU) cell's rows sharing a weight of 1. An unknown that comes out
 * negative (no physical meaning) is dropped and the rest refitted.
 */
function leastSquares(
  rows: readonly FitRow[],
  bound: Bound,
  computeKey: (g: string) => string,
  fixed: ReadonlyMap<string, number> = new Map(),
): Map<string, number> {
  const cell = (r: FitRow) => `${groupOf(r)}@${r.gpu}`;
  const perCell = new Map<string, number>();
  for (const r of rows) perCell.set(cell(r), (perCell.get(cell(r)) ?? 0) + 1);
  const built = rows.map((r, i) => {
    const c = columns(r, bound[i] ?? [], computeKey);
    let known = c.known;
    for (const [k, v] of fixed) known += (c.cols.get(k) ?? 0) * v;
    return { r, w: 1 / (perCell.get(cell(r)) ?? 1), cols: c.cols, known };
  });
  let active = [...new Set(built.flatMap((b) => [...b.cols.keys()]))]
    .filter((k) => !fixed.has(k))
    .sort();
  for (;;) {
    const n = active.length;
    const ata = Array.from({ length: n }, () => Array<number>(n).fill(0));
    const atb = Array<number>(n).fill(0);
    for (const b of built) {
      const x = active.map((k) => (b.cols.get(k) ?? 0) / b.r.seconds);
      const y = 1 - b.known / b.r.seconds;
      for (let i = 0; i < n; i++) {
        atb[i] = (atb[i] ?? 0) + b.w * (x[i] ?? 0) * y;
        for (let j = 0; j < n; j++)
          (ata[i] as number[])[j] = (ata[i]?.[j] ?? 0) + b.w * (x[i] ?? 0) * (x[j] ?? 0);
      }
    }
    const sol = solve(ata, atb);
    if (!sol) throw new UndeterminedFit();
    const negative = active.filter((_, i) => (sol[i] ?? 0) <= 0);
    if (negative.length > 0) {
      active = active.filter((k) => !negative.includes(k));
      continue;
    }
    // A share above 1 beats the datasheet: hold it at the bound and refit the rest.
    const over = active.filter((k, i) => /^(share|compute):/.test(k) && (sol[i] ?? 1) < 1);
    const x = new Map([...fixed, ...active.map((k, i): [string, number] => [k, sol[i] ?? 0])]);
    if (over.length === 0) return x;
    return leastSquares(
      rows,
      bound,
      computeKey,
      new Map([...fixed, ...over.map((k): [string, number] => [k, 1])]),
    );
  }
}

/** Which terms are compute bound under the fitted inverse shares. */
function boundUnder(
  rows: readonly FitRow[],
  x: ReadonlyMap<string, number>,
  computeKey: (g: string) => string,
): Bound {
  return rows.map((r) =>
    r.terms.map((t) => {
      const a = x.get(`share:${groupOf(r)}`) ?? 1;
      const e = x.get(`compute:${computeKey(groupOf(r))}`) ?? x.get("compute:all") ?? 2;
      return e * t.features.computeSeconds > a * t.features.weightSeconds;
    }),
  );
}

/** Fits until the bound each step is found at no longer changes (at most 50 rounds). */
function fitUntilStable(
  rows: readonly FitRow[],
  computeKey: (g: string) => string,
  fixed: ReadonlyMap<string, number> = new Map(),
) {
  // Start from the datasheet bandwidth and half the peak.
  let x = new Map<string, number>(fixed);
  let bound = boundUnder(rows, x, computeKey);
  for (let round = 0; round < 50; round++) {
    x = leastSquares(rows, bound, computeKey, fixed);
    const next = boundUnder(rows, x, computeKey);
    if (JSON.stringify(next) === JSON.stringify(bound)) break;
    bound = next;
  }
  return { x, bound };
}

/** Fits every constant at once over all rows. */
export function fitDecode(rows: readonly FitRow[]): DecodeFit {
  // First every engine's compute-bound steps pooled; then an engine and format whose own
  // compute-bound rows span two GPU models or more gets a share of its own.
  const pooled = fitUntilStable(rows, () => "all");
  const gpusBound = new Map<string, Set<string>>();
  rows.forEach((r, i) => {
    if (pooled.bound[i]?.some((b) => b)) {
      const set = gpusBound.get(groupOf(r)) ?? new Set<string>();
      set.add(r.gpu);
      gpusBound.set(groupOf(r), set);
    }
  });
  const own = new Set([...gpusBound].filter(([, g]) => g.size >= 2).map(([e]) => e));
  const computeKey = (g: string) => (own.has(g) ? g : "all");
  // The others keep the pooled share, fitted over every engine's rows.
  const pooledShare = pooled.x.get("compute:all");
  const fixedPooled = new Map(pooledShare === undefined ? [] : [["compute:all", pooledShare]]);
  const { x, bound } = own.size > 0 ? fitUntilStable(rows, computeKey, fixedPooled) : pooled;
  const fit: DecodeFit = {
    perLayerSeconds: {},
    bandwidthShare: {},
    computeShare: {},
    allReduceSeconds: {},
    rows: {},
  };
  const sig = (v: number) => Number(v.toPrecision(4));
  for (const [key, v] of [...x].sort(([a], [b]) => a.localeCompare(b))) {
    const [kind, name] = key.split(":") as [string, string];
    const n = rows.filter((r, i) =>
      kind === "share" || kind === "layer"
        ? groupOf(r) === name
        : kind === "compute"
          ? computeKey(groupOf(r)) === name && (bound[i]?.some((b) => b) ?? false)
          : r.terms.some((t) => t.features.link === name && t.features.allReduceSteps > 0),
    ).length;
    fit.rows[key] = n;
    // A share is the inverse of its fitted slope; capped at 1 (no kernel beats the bound).
    if (kind === "share")
      fit.bandwidthShare[name as `${Engine}/${WeightFormat}`] = sig(Math.min(1, 1 / v));
    if (kind === "compute")
      fit.computeShare[name as `${Engine}/${WeightFormat}` | "all"] = sig(Math.min(1, 1 / v));
    if (kind === "layer") fit.perLayerSeconds[name as `${Engine}/${WeightFormat}`] = sig(v);
    if (kind === "link") fit.allReduceSeconds[name as LinkClass] = sig(v);
  }
  // A PCIe hop is never quicker than NVLink, nor PCIe through host memory than direct PCIe:
  // where the few multi-GPU rows say otherwise, the faster link's latency bounds the slower.
  const ar = fit.allReduceSeconds;
  if (ar["gpu-link"] !== undefined && ar.pcie !== undefined && ar.pcie < ar["gpu-link"])
    ar.pcie = ar["gpu-link"];
  if (ar.pcie !== undefined && ar["pcie-no-p2p"] !== undefined && ar["pcie-no-p2p"] < ar.pcie)
    ar["pcie-no-p2p"] = ar.pcie;
  return fit;
}
