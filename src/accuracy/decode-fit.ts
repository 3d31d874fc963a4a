/**
 * Fits the decode model's constants (`src/estimate/decode-step.ts`) to the calibration rows:
 * per engine a fixed cost per layer, per engine and weight format the achieved share of the
 * bandwidth bound, and per link an all-reduce latency, by least squares on the relative
 * error of each row's step time (1 / tokens per second). Every feature comes from the same
 * `stepFeatures` the estimator uses, so the fit and the estimate cannot diverge. Rows over
 * a network and rows without a usable step time are left out and listed.
 */
import type { CalibrationRow } from "./calibration.ts";
import type { GpuSpec } from "../estimate/gpu.ts";
import type { DecodeConstants, LinkClass, StepFeatures } from "../estimate/decode-step.ts";
import { linkClass, stepFeatures } from "../estimate/decode-step.ts";
import type { ModelArch } from "../estimate/model.ts";
import type { Engine, WeightFormat } from "../estimate/vocabulary.ts";
import { formatScaleBits } from "../estimate/weight-formats.ts";

export type DecodeFit = DecodeConstants;

export interface FitRow {
  row: CalibrationRow;
  features: StepFeatures;
  stepSeconds: number;
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

/** A row as the decode-speed request that estimates it (the KV read at the mean context). */
export function calibrationRequest(row: CalibrationRow): Record<string, unknown> | null {
  const stated = row.link === undefined ? undefined : ROW_LINK[row.link];
  if (stated === null) return null;
  const m = rowModel(row);
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
    contextTokens: Math.max(1, Math.round(meanContext(row))),
  };
}

/** The mean context a measurement decoded over: the prompt, then half the generated tokens. */
const meanContext = (row: CalibrationRow): number =>
  (row.prompt_tokens ?? 0) + (row.gen_tokens ?? 0) / 2;

/** Each usable row with its features: the KV cache read at the mean context it decoded over. */
export function fitRows(rows: readonly CalibrationRow[], gpus: readonly GpuSpec[]): FitRow[] {
  const out: FitRow[] = [];
  for (const row of rows) {
    const gpu = gpus.find((g) => g.id === row.gpu);
    if (!gpu || gpu.bandwidthGBps === undefined) continue;
    const tp = row.tensor_parallel;
    const stated = row.link === undefined ? undefined : ROW_LINK[row.link];
    if (stated === null) continue;
    const link = stated ?? linkClass(gpu, tp);
    const context = Math.max(1, Math.round(meanContext(row)));
    const features = stepFeatures({
      model: rowModel(row),
      format: row.weight_format,
      weightBits: row.weight_bits,
      scaleBits: formatScaleBits(row.weight_format, row.weight_bits),
      kvBits: 16,
      contextTokens: context,
      batch: row.batch,
      gpu,
      tensorParallel: tp,
      link,
    });
    out.push({ row, features, stepSeconds: 1 / row.tokens_per_s });
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

interface Unknown {
  key: string;
  column: (r: FitRow) => number;
}

/**
 * Least squares on relative error: minimise Σ ((predicted − measured) / measured)², which is
 * linear in the unknowns (1 / share, seconds per layer, seconds per all-reduce). An unknown
 * that comes out negative (no physical meaning) is dropped and the rest refitted.
 */
function leastSquares(rows: readonly FitRow[], unknowns: Unknown[]): Map<string, number> {
  let active = unknowns.filter((u) => rows.some((r) => u.column(r) !== 0));
  for (;;) {
    const n = active.length;
    const ata = Array.from({ length: n }, () => Array<number>(n).fill(0));
    const atb = Array<number>(n).fill(0);
    for (const r of rows) {
      const x = active.map((u) => u.column(r) / r.stepSeconds);
      for (let i = 0; i < n; i++) {
        atb[i] = (atb[i] ?? 0) + (x[i] ?? 0);
        for (let j = 0; j < n; j++)
          (ata[i] as number[])[j] = (ata[i]?.[j] ?? 0) + (x[i] ?? 0) * (x[j] ?? 0);
      }
    }
    const sol = solve(ata, atb);
    if (!sol) throw new Error("decode fit: the calibration rows do not determine the constants");
    const negative = active.filter((_, i) => (sol[i] ?? 0) <= 0);
    if (negative.length === 0) return new Map(active.map((u, i) => [u.key, sol[i] ?? 0]));
    active = active.filter((u) => !negative.includes(u));
  }
}

/** Fits every constant at once over all rows. */
export function fitDecode(rows: readonly FitRow[]): DecodeFit {
  const unknowns: Unknown[] = [];
  const groups = new Set(rows.map((r) => `${r.row.engine}/${r.row.weight_format}`));
  for (const g of groups)
    unknowns.push({
      key: `share:${g}`,
      column: (r) => (`${r.row.engine}/${r.row.weight_format}` === g ? r.features.boundSeconds : 0),
    });
  for (const g of groups)
    unknowns.push({
      key: `layer:${g}`,
      column: (r) => (`${r.row.engine}/${r.row.weight_format}` === g ? r.features.layers : 0),
    });
  for (const l of new Set(rows.map((r) => r.features.link)))
    unknowns.push({
      key: `link:${l}`,
      column: (r) => (r.features.link === l ? r.features.allReduceSteps : 0),
    });
  const x = leastSquares(rows, unknowns);
  const fit: DecodeFit = {
    perLayerSeconds: {},
    bandwidthShare: {},
    allReduceSeconds: {},
    rows: {},
  };
  const sig = (v: number) => Number(v.toPrecision(4));
  for (const [key, v] of x) {
    const [kind, name] = key.split(":") as [string, string];
    const n = rows.filter((r) =>
      kind === "share"
        ? `${r.row.engine}/${r.row.weight_format}` === name
        : kind === "layer"
          ? `${r.row.engine}/${r.row.weight_format}` === name
          : r.features.link === name && r.features.allReduceSteps > 0,
    ).length;
    fit.rows[key] = n;
    // The share is the inverse of the fitted slope; capped at 1 (no kernel beats the bound).
    if (kind === "share")
      fit.bandwidthShare[name as `${Engine}/${WeightFormat}`] = sig(Math.min(1, 1 / v));
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
