/**
 * Validation that cannot leak: every publication's runs scored against a table fitted
 * without it, the held-out runs gathered later kept apart (never fitted on), and the
 * likely ranges of training times being exactly what the held-out errors give.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import {
  heldOutRows,
  leaveOneSourceOut,
  neverFittedRows,
} from "../../../src/accuracy/source-holdout.ts";
import {
  fitTimeRanges,
  renderTimeRanges,
  sourceWeightedPercentile,
} from "../../../src/accuracy/time-range-fit.ts";
import {
  servingNeverFittedErrors,
  servingNeverFittedTtftErrors,
} from "../../../src/accuracy/serving-holdout.ts";
import { errorSpread, scoreRows } from "../../../src/accuracy/training-throughput.ts";
import {
  loadHoldout,
  loadThroughput,
  parseThroughput,
  ROLE_BY_SOURCE,
  THROUGHPUT_URL,
} from "../../../src/accuracy/training-throughput-rows.ts";
import type { ThroughputAccuracyRow } from "../../../src/accuracy/training-throughput.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { UTILISATION_TABLE } from "../../../src/estimate/generated/utilisation-table.ts";

const gpus = loadGpuSpecs();
const rows = loadThroughput(gpus);
const held = leaveOneSourceOut(rows, gpus);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

describe("leave one source out", () => {
  it("scores no run with a table its own publication helped fit", () => {
    const sources = new Set(rows.map((r) => r.source_id));
    expect(held.map((h) => h.source).sort()).toEqual([...sources].sort());
    for (const h of held) {
      for (const e of h.table)
        expect(e.sources, `${h.source} in ${e.family}`).not.toContain(h.source);
      // A validation publication never fits: its runs meet the shipped table.
      if (!h.calibrates) expect(h.table).toEqual(UTILISATION_TABLE);
      expect(h.rows.length).toBe(rows.filter((r) => r.source_id === h.source).length);
    }
    expect(heldOutRows(held).length).toBe(rows.length);
  }, 120_000);

  it("prints each publication's error and the whole's", () => {
    const all = heldOutRows(held);
    const part = (label: string, rs: readonly ThroughputAccuracyRow[]) => {
      const s = errorSpread(rs);
      return `${label}: ${s.count} runs, median |error| ${pct(s.median)}, 90th percentile ${pct(s.p90)}`;
    };
    console.log(
      [
        ...held.map((h) => part(`${h.source}${h.calibrates ? " (calibration)" : ""}`, h.rows)),
        part("all, each without its source", all),
        part(
          "dense",
          all.filter((r) => !r.moe),
        ),
        part(
          "mixture of experts",
          all.filter((r) => r.moe),
        ),
      ].join("\n"),
    );
    for (const r of all) expect(Number.isFinite(r.signedError), r.id).toBe(true);
  }, 120_000);
});

describe("held-out runs gathered later", () => {
  const holdout = loadHoldout(gpus);

  it("come from publications outside the split and are never fitted on", () => {
    for (const r of holdout) {
      expect(r.role).toBe("holdout");
      expect(Object.hasOwn(ROLE_BY_SOURCE, r.source_id), r.id).toBe(false);
    }
    for (const e of UTILISATION_TABLE)
      for (const s of e.sources) expect(holdout.map((r) => r.source_id)).not.toContain(s);
  });

  it("prints their error by publication", () => {
    const scored = scoreRows(holdout, gpus);
    const sources = [...new Set(scored.map((r) => r.source))];
    const lines = sources.map((s) => {
      const e = errorSpread(scored.filter((r) => r.source === s));
      return `${s}: ${e.count} runs, median ${pct(e.median)}, 90th percentile ${pct(e.p90)}`;
    });
    const e = errorSpread(scored);
    console.log(
      [...lines, `holdout: ${e.count} runs, median ${pct(e.median)}, 90th ${pct(e.p90)}`].join(
        "\n",
      ),
    );
    for (const r of scored) expect(Number.isFinite(r.estimate), r.id).toBe(true);
  }, 60_000);

  it("a holdout row may not sit in the split's file, nor claim a split publication", () => {
    const [header, first] = readFileSync(THROUGHPUT_URL, "utf8").split("\n");
    const cells = (first ?? "").split("\t");
    // Column 2 is the role, 3 the publication.
    const asHoldout = (source: string) =>
      `${header}\n${[cells[0], "holdout", source, ...cells.slice(3)].join("\t")}\n`;
    expect(() => parseThroughput(asHoldout("llm-foundry"), gpus)).toThrow(/calibration rows/);
    expect(() => parseThroughput(asHoldout("some-new-lab"), gpus)).not.toThrow();
    const asValidation = `${header}\n${[cells[0], "validation", "some-new-lab", ...cells.slice(3)].join("\t")}\n`;
    expect(() => parseThroughput(asValidation, gpus)).toThrow(/not a calibration or validation/);
  });

  it("reads a spreadsheet's quoted cells", () => {
    const [header, first] = readFileSync(THROUGHPUT_URL, "utf8").split("\n");
    const cells = (first ?? "").split("\t");
    // model_json (column 5) as a spreadsheet saves it: quoted, inner quotes doubled.
    cells[4] = `"${(cells[4] ?? "").replaceAll('"', '""')}"`;
    const parsed = parseThroughput(`${header}\n${cells.join("\t")}\n`, gpus);
    expect(parsed[0]?.model_json).toEqual(rows[0]?.model_json);
  });
});

describe("likely ranges of training times", () => {
  it("src/estimate/generated/time-ranges.ts is what the held-out errors give (run `npm run -s calibrate`)", async () => {
    const file = new URL("../../../src/estimate/generated/time-ranges.ts", import.meta.url);
    const path = fileURLToPath(file);
    const ranges = fitTimeRanges(
      neverFittedRows(rows, loadHoldout(gpus), gpus),
      servingNeverFittedErrors(gpus),
      servingNeverFittedTtftErrors(gpus),
    );
    const fresh = await format(renderTimeRanges(ranges), {
      ...(await resolveConfig(path)),
      filepath: path,
    });
    expect(readFileSync(file, "utf8")).toBe(fresh);
  }, 120_000);

  it("takes the 10th and 90th percentile of estimated ÷ measured, per kind, each source weighing the same", () => {
    const row = (signedError: number, moe: boolean, source: string, adapter = false) =>
      ({ signedError, moe, adapter, source }) as ThroughputAccuracyRow;
    // Ten dense runs, five per source, ratios 1 + e: 0.7, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1,
    // 1.2, 1.4, 2.0. Each run weighs 1/5 of 2 sources: the 10th percentile is where the
    // weight reaches 0.2, the 1st run (0.7); the 90th where it reaches 1.8, the 9th (1.4).
    const errors = [0.4, -0.3, 0.1, -0.2, 0, 0.05, -0.05, 0.2, -0.1, 1.0];
    const dense = errors.map((e, i) => row(e, false, i < 5 ? "a" : "b"));
    // Three MoE runs all too fast (ratios 1.5, 2, 3): the fast end is the estimate itself
    // (no ratio below 1), the slow end the 3rd run (weight 2/3 reaches 0.9 only at 3/3) = 3.
    const moe = [0.5, 1, 2].map((e) => row(e, true, "c"));
    // Two LoRA runs of one source (ratios 0.5 and 4): apart from full training, and the
    // weight reaches 0.1 at the first (0.5) and 0.9 at the second (4).
    const adapter = [-0.5, 3].map((e) => row(e, false, "f", true));
    // Five serving runs from two sources, ratios 0.8 (d), 0.9 (e), 1.1 (e), 1.3 (d), 1.6 (e):
    // d's runs weigh 1/2, e's 1/3; cumulative 0.5, 0.83, 1.17, 1.67, 2.0 of 2, so the 10th
    // percentile (0.2) is 0.8 and the 90th (1.8) is 1.6.
    const serving = [0.3, -0.2, 0.6, 0.1, -0.1].map((e, i) => ({
      signedError: e,
      source: i < 2 ? "d" : "e",
      moe: false,
    }));
    // Two MoE serving runs of one source, ratios 2.5 and 3.5: a kind of their own, so the
    // dense ones above keep their range; the fast end clamps to 1 (no ratio below it), the
    // weight reaches 0.9 of 1 only at the second run (3.5).
    const servingMoe = [1.5, 2.5].map((e) => ({ signedError: e, source: "k", moe: true }));
    // Time to first token: two closed-loop runs of one source at 2× and 10× the estimate (the
    // weight reaches 0.1 at the first, 0.9 at the second), one burst run at 0.8×, and one
    // closed-loop run of an MoE model at 6×, which only the MoE kind counts (6 at both ends,
    // the fast end clamped to 1).
    const ttft = {
      closed: [
        ...[1, 9].map((e) => ({ signedError: e, source: "i", moe: false })),
        { signedError: 5, source: "m", moe: true },
      ],
      burst: [{ signedError: -0.2, source: "j", moe: false }],
    };
    const r = fitTimeRanges([...dense, ...moe, ...adapter], [...serving, ...servingMoe], ttft);
    expect(r["training-dense"]).toEqual({ low: 0.7, high: 1.4, runs: 10, sources: 2 });
    expect(r["training-moe"]).toEqual({ low: 1, high: 3, runs: 3, sources: 1 });
    expect(r["training-adapter"]).toEqual({ low: 0.5, high: 4, runs: 2, sources: 1 });
    expect(r.serving).toEqual({ low: 0.8, high: 1.6, runs: 5, sources: 2 });
    expect(r["serving-moe"]).toEqual({ low: 1, high: 3.5, runs: 2, sources: 1 });
    expect(r["ttft-moe"]).toEqual({ low: 1, high: 6, runs: 1, sources: 1 });
    // A time later than estimated is never a fast end below the estimate: low clamps to 1.
    expect(r["ttft-closed"]).toEqual({ low: 1, high: 10, runs: 2, sources: 1 });
    expect(r["ttft-burst"]).toEqual({ low: 0.8, high: 1, runs: 1, sources: 1 });
  });

  it("one source's many runs weigh no more than another's one", () => {
    // Source g: nine runs at ratio 1.0; source h: one run at 2.0. Counted by run, the 90th
    // percentile is the 9th of 10 (1.0); by source, g's nine reach 1 of 2 and h's one run
    // the other 1, so the weight reaches 1.8 only at h's run: 2.0.
    const rows = [
      ...Array.from({ length: 9 }, () => ({ signedError: 0, source: "g" })),
      { signedError: 1, source: "h" },
    ];
    expect(sourceWeightedPercentile(rows, 0.9)).toBe(2);
    expect(sourceWeightedPercentile(rows, 0.1)).toBe(1);
  });
});
