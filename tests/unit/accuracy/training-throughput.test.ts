/**
 * Training throughput against published runs: the rows' schema and split, the utilisation
 * table being exactly what the calibration rows give, and the accuracy table (printed, with
 * calibration and validation apart).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { errorSpread, trainingThroughputTable } from "../../../src/accuracy/training-throughput.ts";
import {
  loadThroughput,
  parseThroughput,
  ROLE_BY_SOURCE,
  THROUGHPUT_COLUMNS,
  THROUGHPUT_URL,
} from "../../../src/accuracy/training-throughput-rows.ts";
import { fitUtilisation, MIN_ROWS_PER_ENTRY } from "../../../src/accuracy/utilisation-fit.ts";
import { renderUtilisationTable } from "../../../src/accuracy/utilisation-table-file.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { UTILISATION_TABLE } from "../../../src/estimate/generated/utilisation-table.ts";

const gpus = loadGpuSpecs();
const rows = loadThroughput(gpus);
const text = readFileSync(THROUGHPUT_URL, "utf8");

/** The file's header and first row with some cells replaced. */
function edited(changes: Partial<Record<(typeof THROUGHPUT_COLUMNS)[number], string>>): string {
  const [header, first] = text.split("\n");
  const cells = (first ?? "").split("\t");
  for (const [k, v] of Object.entries(changes))
    cells[THROUGHPUT_COLUMNS.indexOf(k as (typeof THROUGHPUT_COLUMNS)[number])] = v;
  return `${header}\n${cells.join("\t")}\n`;
}

describe("training-throughput.tsv", () => {
  it("holds at least 15 calibration and 15 validation runs, split by publication", () => {
    const by = (role: string) => rows.filter((r) => r.role === role);
    expect(by("calibration").length).toBeGreaterThanOrEqual(15);
    expect(by("validation").length).toBeGreaterThanOrEqual(15);
    for (const r of rows)
      expect(r.role, r.id).toBe(ROLE_BY_SOURCE[r.source_id as keyof typeof ROLE_BY_SOURCE]);
    // Validation publications are later than every calibration one (2025-2026 vs 2023-2024).
    const latestCalibration =
      by("calibration")
        .map((r) => r.date)
        .sort()
        .at(-1) ?? "";
    for (const r of by("validation")) expect(r.date > latestCalibration, r.id).toBe(true);
  });

  it("refuses a row without a source URL or date, with an unknown GPU, the wrong role or no network across nodes", () => {
    expect(() => parseThroughput(edited({}), gpus)).not.toThrow();
    expect(() => parseThroughput(edited({ url: "" }), gpus)).toThrow(/url/);
    expect(() => parseThroughput(edited({ date: "recently" }), gpus)).toThrow(/date/);
    expect(() => parseThroughput(edited({ gpu: "h300" }), gpus)).toThrow(/not in the catalog/);
    expect(() => parseThroughput(edited({ role: "validation" }), gpus)).toThrow(/calibration rows/);
    expect(() => parseThroughput(edited({ gpus: "64", inter_node_gbps: "" }), gpus)).toThrow(
      /span nodes/,
    );
    expect(() => parseThroughput(edited({ tensor_parallel: "3" }), gpus)).toThrow(/divide/);
  });
});

describe("the utilisation table", () => {
  it("src/estimate/generated/utilisation-table.ts is what the calibration rows give (run `npm run -s calibrate`)", async () => {
    const file = new URL("../../../src/estimate/generated/utilisation-table.ts", import.meta.url);
    const path = fileURLToPath(file);
    const fit = fitUtilisation(rows, gpus);
    const fresh = await format(renderUtilisationTable(fit.table), {
      ...(await resolveConfig(path)),
      filepath: path,
    });
    expect(readFileSync(file, "utf8")).toBe(fresh);
    for (const e of UTILISATION_TABLE) {
      expect(e.rows).toBeGreaterThanOrEqual(MIN_ROWS_PER_ENTRY);
      expect(e.dense).toBeGreaterThan(0);
      expect(e.dense).toBeLessThanOrEqual(1);
      // Only calibration publications stand behind an entry.
      for (const s of e.sources)
        expect(ROLE_BY_SOURCE[s as keyof typeof ROLE_BY_SOURCE]).toBe("calibration");
    }
  }, 120_000);
});

describe("training throughput against published runs", () => {
  it("prints every row, with calibration and validation summarised apart", () => {
    const table = trainingThroughputTable(rows, gpus);
    const lines = table.map(
      (r) =>
        `${r.role.slice(0, 3)} ${r.id.padEnd(28)} ${r.estimate.toFixed(0).padStart(8)} ${r.measured.toFixed(0).padStart(8)} ${(r.signedError * 100).toFixed(1).padStart(7)}%`,
    );
    const spread = (role: string) => {
      const s = errorSpread(table.filter((r) => r.role === role));
      return `${role}: ${s.count} rows, median |error| ${(s.median * 100).toFixed(1)}%, 90th percentile ${(s.p90 * 100).toFixed(1)}%`;
    };
    console.log(
      [
        "role id                           estimate measured   error",
        ...lines,
        spread("calibration"),
        spread("validation"),
      ].join("\n"),
    );
    for (const r of table) {
      expect(Number.isFinite(r.estimate), r.id).toBe(true);
      expect(r.estimate, r.id).toBeGreaterThan(0);
    }
  }, 60_000);

  it("median, 90th percentile by nearest rank, and the largest", () => {
    const e = (xs: number[]) => errorSpread(xs.map((signedError) => ({ signedError })));
    // |errors| 0.1, 0.2, 0.3, 0.4: median (0.2 + 0.3) / 2; 90th: rank ceil(3.6) = 4th, 0.4.
    expect(e([0.1, -0.2, 0.3, -0.4])).toEqual({ count: 4, median: 0.25, p90: 0.4, max: 0.4 });
    // Ten rows: the 90th percentile is the 9th |error| (0.9), the largest the 10th (1.0).
    const ten = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, -0.9, 1.0];
    expect(e(ten)).toMatchObject({ p90: 0.9, max: 1.0 });
    expect(e([-0.5])).toEqual({ count: 1, median: 0.5, p90: 0.5, max: 0.5 });
  });
});
