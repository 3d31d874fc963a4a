/**
 * Render-benchmark scores in the catalog: each one cites a source of its GPU with an
 * address, every benchmark counts in one unit, the Blender Open Data medians match the
 * source file, and a frame's time carries between two GPUs by the ratio of their scores in
 * one benchmark, version and backend only.
 */
import { describe, expect, it } from "vitest";
import { loadCatalog, loadGpuSpecs } from "../../src/catalog/load.ts";
import { catalogSchema, gpuSchema } from "../../src/catalog/schema.ts";
import type { GpuSpec } from "../../src/estimate/hardware/gpu.ts";
import type { PlanRow } from "../../src/estimate/plan/row.ts";
import { PRESETS } from "../../src/estimate/model/presets.ts";
import { renderScoreRatio } from "../../src/estimate/batch/render-speed.ts";
import { runRequest } from "../../src/estimate/registry.ts";

const catalog = loadCatalog();
const gpus = loadGpuSpecs();
const byId = (id: string) => gpus.find((g) => g.id === id)!;

const BLENDER = "Blender Open Data 4.5.0, median benchmark score";

/**
 * Typed in from the rows with blender_version 4.5.0 of blender_median_scores.csv
 * (KazooKat/ram-price-outlook at f3a8917, a copy of the opendata.blender.org query fetched
 * 2026-10-06), rounded to 0.01 sample per minute: [catalog id, backend, median, device name].
 */
const SOURCE_ROWS: [string, "optix" | "cuda", number, string][] = [
  ["t4", "optix", 1501.58, "NVIDIA Tesla T4"],
  ["v100-sxm2-32gb", "optix", 2032.18, "NVIDIA Tesla V100-SXM2-32GB"],
  ["v100-pcie", "optix", 1912.03, "NVIDIA Tesla V100-PCIE-32GB"],
  ["a10", "optix", 3485.01, "NVIDIA A10"],
  ["a10", "cuda", 2493.09, "NVIDIA A10"],
  ["a10g", "optix", 3100.15, "NVIDIA A10G"],
  ["a40", "optix", 4077.2, "NVIDIA A40"],
  ["a100-80gb-sxm", "optix", 3679.12, "NVIDIA A100-SXM4-80GB"],
  ["a100-80gb-pcie", "cuda", 4193.59, "NVIDIA A100 80GB PCIe"],
  ["l4", "optix", 3446.99, "NVIDIA L4"],
  ["l20", "optix", 9639.75, "NVIDIA L20"],
  ["l40", "optix", 9278.3, "NVIDIA L40"],
  ["l40s", "optix", 7848.06, "NVIDIA L40S"],
  ["h100-sxm", "cuda", 6944.0, "NVIDIA H100 80GB HBM3"],
  ["h100-pcie", "cuda", 5447.87, "NVIDIA H100 PCIe"],
  ["h200-sxm", "optix", 6173.74, "NVIDIA H200"],
  ["b200", "cuda", 4124.48, "NVIDIA B200"],
  ["rtx-3080", "optix", 4529.17, "NVIDIA GeForce RTX 3080"],
  ["rtx-3090", "optix", 5411.68, "NVIDIA GeForce RTX 3090"],
  ["rtx-3090", "cuda", 3798.0, "NVIDIA GeForce RTX 3090"],
  ["rtx-3090-ti", "optix", 5552.78, "NVIDIA GeForce RTX 3090 Ti"],
  ["rtx-4090", "optix", 11062.11, "NVIDIA GeForce RTX 4090"],
  ["rtx-4090", "cuda", 8048.33, "NVIDIA GeForce RTX 4090"],
  ["rtx-4090d", "optix", 10724.02, "NVIDIA GeForce RTX 4090 D"],
  ["rtx-5090", "optix", 14965.98, "NVIDIA GeForce RTX 5090"],
  ["rtx-a6000", "optix", 5144.84, "NVIDIA RTX A6000"],
  ["rtx-6000-ada", "optix", 10655.29, "NVIDIA RTX 6000 Ada Generation"],
  ["p40", "optix", 724.73, "NVIDIA Tesla P40"],
];

describe("render scores in the catalog", () => {
  const scored = catalog.flatMap((gpu) =>
    (gpu.renderScores ?? []).map((score) => ({ gpu, score })),
  );

  it("cite a source of their GPU that has an address", () => {
    expect(scored.length).toBeGreaterThan(0);
    for (const { gpu, score } of scored) {
      const source = gpu.sources.find((s) => s.id === score.source);
      expect(source, `${gpu.id}: ${score.source}`).toBeDefined();
      expect(source?.url, `${gpu.id}: ${score.source}`).toMatch(/^https:\/\//);
    }
  });

  it("count each benchmark in one unit", () => {
    const units = new Map<string, Set<string>>();
    for (const { score } of scored)
      units.set(score.benchmark, (units.get(score.benchmark) ?? new Set()).add(score.unit));
    for (const [benchmark, set] of units) expect([...set], benchmark).toHaveLength(1);
    expect([...units.get(BLENDER)!]).toEqual([
      "samples per minute, summed over the benchmark scenes",
    ]);
  });

  it("hold the Blender Open Data 4.5.0 medians of the source file, dated and marked a copy", () => {
    const blender = scored.filter(({ score }) => score.benchmark === BLENDER);
    expect(blender.map(({ gpu, score }) => [gpu.id, score.backend, score.value]).sort()).toEqual(
      SOURCE_ROWS.map(([id, backend, value]) => [id, backend, value]).sort(),
    );
    for (const [id, backend, , device] of SOURCE_ROWS) {
      const { gpu, score } = blender.find((b) => b.gpu.id === id && b.score.backend === backend)!;
      expect(score.note).toContain(`"${device}"`);
      expect(score.date).toBe("2026-10-06");
      const source = gpu.sources.find((s) => s.id === score.source)!;
      expect(source.title).toContain("opendata.blender.org");
      expect(source.title).toContain("dated copy fetched 2026-10-06");
    }
  });

  it("the schema refuses a second unit in one benchmark", () => {
    const raw = structuredClone(catalog) as unknown as {
      id: string;
      renderScores?: { unit: string }[];
    }[];
    raw.find((g) => g.id === "l4")!.renderScores![0]!.unit = "seconds per frame";
    const r = catalogSchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join("\n")).toContain(
      'l4: "Blender Open Data 4.5.0, median benchmark score" is counted in',
    );
  });

  it("the schema refuses two scores of one GPU in one benchmark and backend", () => {
    const raw = structuredClone(catalog.find((g) => g.id === "l4")!);
    raw.renderScores!.push({ ...raw.renderScores![0]!, value: 1 });
    const r = gpuSchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(
      'l4: two render scores in "Blender Open Data 4.5.0, median benchmark score" (optix)',
    );
  });
});

describe("render time carried by Blender Open Data scores", () => {
  const ctx = { gpus, presets: PRESETS, prices: [], today: "2026-12-02" };
  // 60 s per frame measured on an L4, 3,600 frames: a row's hours are its seconds per frame.
  const rows = (() => {
    const r = runRequest(
      {
        task: "plan",
        workload: { task: "render", resolution: "1080p", secondsPerFrame: 60, frames: 3600 },
        measuredOn: "l4",
        gpus: ["l4", "l40s", "rtx-5090", "b200"],
      },
      ctx,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return (r.result as unknown as { rows: PlanRow[] }).rows;
  })();
  const hours = (gpu: string) => rows.find((r) => r.gpu === gpu && r.gpus === 1)!.runHours;

  it("carried seconds = measured seconds x score(measured GPU) / score(other GPU)", () => {
    // OptiX medians: L4 3446.99, L40S 7848.06, RTX 5090 14965.98.
    // L40S: 60 x 3446.99 / 7848.06 = 26.35 s; RTX 5090: 60 x 3446.99 / 14965.98 = 13.82 s.
    expect(hours("l4")).toBeCloseTo(60, 9);
    expect(hours("l40s")).toBeCloseTo((60 * 3446.99) / 7848.06, 9);
    expect(hours("l40s")).toBeCloseTo(26.35, 2);
    expect(hours("rtx-5090")).toBeCloseTo((60 * 3446.99) / 14965.98, 9);
    expect(hours("rtx-5090")).toBeCloseTo(13.82, 2);
  });

  it("never divides an OptiX score by a CUDA one: the B200 (CUDA only) falls back to FP32", () => {
    // The L4 has only an OptiX score, the B200 only a CUDA one: 60 x 30.3 / 75 TFLOPS = 24.24 s.
    expect(renderScoreRatio(byId("l4"), byId("b200"))).toBeNull();
    expect(hours("b200")).toBeCloseTo((60 * 30.3) / 75, 9);
    expect(rows.find((r) => r.gpu === "b200")!.reasons).toContain("speed-fp32-fallback");
  });

  it("never divides scores of two Blender versions", () => {
    const withBench = (g: GpuSpec, benchmark: string): GpuSpec => ({
      ...g,
      renderScores: [{ benchmark, backend: "optix", value: 1000 }],
    });
    const older = withBench(byId("l4"), "Blender Open Data 4.4.0, median benchmark score");
    expect(renderScoreRatio(older, withBench(byId("l40s"), BLENDER))).toBeNull();
    expect(renderScoreRatio(older, byId("l40s"))).toBeNull();
  });
});
