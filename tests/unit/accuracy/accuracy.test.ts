import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCURACY_CASES, accuracyTable } from "../../../src/accuracy/cases.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { loadCalibration } from "../../../src/accuracy/calibration.ts";
import type { ServingRun } from "../../../src/accuracy/serving-runs.ts";
import { loadServingRuns, publishersOnBothSides } from "../../../src/accuracy/serving-runs.ts";

const read = (name: string) =>
  readFileSync(new URL(`../../../content/reference/${name}`, import.meta.url), "utf8").trim();
const tsv = [
  read("measured-public.tsv"),
  ...read("measured-modern.tsv").split("\n").slice(1),
  ...read("measured-frameworks.tsv").split("\n").slice(1),
].join("\n");
const measuredById = new Map(
  tsv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const cols = line.split("\t");
      return [cols[0] ?? "", cols[9] ?? ""] as const;
    }),
);

describe("accuracy against measured-public.tsv", () => {
  it("validation cases use the measured values their TSV states", () => {
    for (const c of ACCURACY_CASES.filter((x) => (x.role ?? "validation") === "validation")) {
      const rowId = c.id.split("-")[0] ?? c.id;
      const cell = measuredById.get(rowId) ?? "";
      // C8-full compares 42.1 found in its row; others must appear verbatim in measured_value or notes.
      // Thousands separators as the sources print them (476,016) read as the number.
      const line = (tsv.split("\n").find((l) => l.startsWith(`${rowId}\t`)) ?? "").replace(
        /(\d),(\d{3})/g,
        "$1$2",
      );
      expect(line.length, c.id).toBeGreaterThan(0);
      expect(
        line.includes(String(c.measured)) || cell.includes(String(c.measured)),
        `${c.id} ${c.measured}`,
      ).toBe(true);
    }
  });

  it("validation rows: memory within 10% median and 25% each; decode within 20% median", () => {
    const all = accuracyTable(loadGpuSpecs());
    const rows = all.filter((r) => r.role === "validation");
    const fmt = (n: number): string => (Math.abs(n) >= 1000 ? n.toFixed(0) : n.toFixed(2));
    const lines = rows.map(
      (r) =>
        `${r.id.padEnd(13)} ${fmt(r.estimate).padStart(9)} ${fmt(r.measured).padStart(9)} ${r.unit.padEnd(6)} ${(r.signedError * 100).toFixed(1).padStart(6)}%  ${r.description} [${r.measures}]`,
    );
    console.log(["id            estimate  measured unit    error", ...lines].join("\n"));
    const mem = rows
      .filter((r) => r.kind === "memory")
      .map((r) => Math.abs(r.signedError))
      .sort((a, b) => a - b);
    const median =
      mem.length % 2
        ? (mem[(mem.length - 1) / 2] ?? 0)
        : ((mem[mem.length / 2 - 1] ?? 0) + (mem[mem.length / 2] ?? 0)) / 2;
    console.log(`median |error| of ${mem.length} memory rows: ${(median * 100).toFixed(1)}%`);
    expect(median).toBeLessThanOrEqual(0.1);
    // Rows with a named, unmodelled mechanism (`gap`) count in the median only.
    for (const r of rows.filter((x) => x.kind === "memory" && !x.gap))
      expect(Math.abs(r.signedError), r.id).toBeLessThanOrEqual(0.25);
    const decode = rows
      .filter(
        (r) => r.kind === "throughput" && /tok\/s/.test(r.unit) && !/prefill/.test(r.measures),
      )
      .map((r) => Math.abs(r.signedError))
      .sort((a, b) => a - b);
    const decodeMedian = decode[Math.floor(decode.length / 2)] ?? 1;
    console.log(
      `median |error| of ${decode.length} decode rows: ${(decodeMedian * 100).toFixed(1)}%`,
    );
    expect(decodeMedian).toBeLessThanOrEqual(0.2);
    for (const r of all) expect(Number.isFinite(r.estimate), r.id).toBe(true);
    // Calibration rows are shown apart and never scored; a validation row is never one of them.
    const calibration = new Set(all.filter((r) => r.role === "calibration").map((r) => r.id));
    expect(calibration.size).toBeGreaterThan(100);
    for (const r of rows) expect(calibration.has(r.id), r.id).toBe(false);
  });
});

describe("serving throughput against published serving runs", () => {
  it("names the publishers on both sides of the split: a new one fails here", () => {
    // A publisher with a decode calibration row or a calibration run, and a validation run.
    const run = (role: "calibration" | "validation", publisher: string) =>
      ({ role, publisher }) as ServingRun;
    expect(
      publishersOnBothSides(
        [{ publisher: "a" }],
        [
          run("validation", "a"),
          run("calibration", "b"),
          run("validation", "b"),
          run("validation", "c"),
        ],
      ),
    ).toEqual(["a", "b"]);
    // The files as they stand: NVIDIA's DLI course data (TensorRT-LLM 0.9 decode rows; NIM
    // runs) and GPUStack's performance lab (a Qwen3-8B document; Qwen3-14B and 32B ones).
    expect(publishersOnBothSides(loadCalibration(), loadServingRuns())).toEqual([
      "gpustack",
      "nvidia-dli",
    ]);
  });

  it("validation runs never joined the fit; their median and 90th-percentile |error| are printed", () => {
    const all = accuracyTable(loadGpuSpecs()).filter((r) => r.kind === "serving");
    // Mixture-of-experts models are scored apart, as their likely ranges are (`range-kind.ts`).
    const errors = (role: string, ofMoe?: boolean) =>
      all
        .filter((r) => r.role === role)
        .filter((r) => ofMoe === undefined || (r.moe === true) === ofMoe)
        .map((r) => Math.abs(r.signedError))
        .sort((a, b) => a - b);
    const at = (xs: number[], q: number) => xs[Math.max(0, Math.ceil(q * xs.length) - 1)] ?? 1;
    const dense = errors("validation", false);
    const ofMoe = errors("validation", true);
    const calibration = errors("calibration");
    for (const [name, xs] of [
      ["validation, dense models", dense],
      ["validation, mixture-of-experts models", ofMoe],
      ["calibration", calibration],
    ] as const)
      console.log(
        `serving ${name}: ${xs.length} runs, median |error| ${(at(xs, 0.5) * 100).toFixed(1)}%, p90 ${(at(xs, 0.9) * 100).toFixed(1)}%`,
      );
    // At least 15 published runs on each side of the split, every estimate a number.
    expect(dense.length + ofMoe.length).toBeGreaterThanOrEqual(15);
    expect(calibration.length).toBeGreaterThanOrEqual(5);
    for (const r of all) expect(Number.isFinite(r.estimate), r.id).toBe(true);
    // Regression guards at what the model reaches today (aim: 15% and 35%): dense 15.2% and
    // 33.2% once TensorRT-LLM's own throughput table (estimates 10–36% slow) joined. The MoE
    // runs (DeepSeek-R1 on early-2025 engine releases) come out 2 to 4 times too fast:
    // guarded where they are, so that a change that makes them worse still fails.
    expect(at(dense, 0.5)).toBeLessThanOrEqual(0.16);
    expect(at(dense, 0.9)).toBeLessThanOrEqual(0.5);
    expect(at(ofMoe, 0.5)).toBeLessThanOrEqual(2.5);
    expect(at(ofMoe, 0.9)).toBeLessThanOrEqual(3.5);
  });
});
