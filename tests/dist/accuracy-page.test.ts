/**
 * The accuracy page, read from the built HTML in both languages, checked against what the page
 * itself shows and the reference TSVs, never against the code that built it:
 * - every row's signed error is (estimate − measured) / measured of the two figures it shows;
 * - each table holds exactly the runs the TSVs give its role (serving validation and
 *   calibration, training validation and calibration, the held-out runs);
 * - each by-publication table's runs, median and 90th-percentile |error| are those of that
 *   publication's rows shown on the page (a validation publication's leave-one-source-out
 *   score is its shown rows' score: nothing of it is fitted), and "fits" is yes exactly for
 *   the publications the TSVs give calibration rows;
 * - the page never prints NaN, Infinity or undefined.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageHtml, textOf } from "./built-pages.ts";

const REFERENCE = join(import.meta.dirname, "../../content/reference");

/** A TSV's rows as column → cell, read by its header. */
function tsv(name: string): Record<string, string>[] {
  const [header = "", ...lines] = readFileSync(join(REFERENCE, name), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const columns = header.split("\t");
  return lines.map((l) => {
    const cells = l.split("\t");
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""]));
  });
}

const servingRuns = tsv("serving-throughput.tsv");
const trainingRuns = tsv("training-throughput.tsv");
const holdoutRuns = tsv("holdout-training.tsv");
const ids = (rows: Record<string, string>[], role: string) =>
  rows.filter((r) => r["role"] === role).map((r) => r["id"] ?? "");

/** One body row of a table: its key (`data-row` or `data-source`) and its cells' text. */
interface ShownRow {
  key: string;
  cells: string[];
}

/** The body rows of the table with this id. */
function tableRows(html: string, id: string): ShownRow[] {
  const start = html.search(new RegExp(`<table id="${id}"[ >]`));
  expect(start, `table #${id}`).toBeGreaterThanOrEqual(0);
  const body = html.slice(html.indexOf("<tbody", start), html.indexOf("</tbody>", start));
  return [...body.matchAll(/<tr\b([^>]*)>([\s\S]*?)<\/tr>/g)].map((tr) => ({
    key: /data-(?:row|source)="([^"]*)"/.exec(tr[1] ?? "")?.[1] ?? "",
    cells: [...(tr[2] ?? "").matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) =>
      textOf(c[1] ?? ""),
    ),
  }));
}

/** A number as the page prints it: grouping, a "−" sign, a trailing % for a fraction. */
function shownNumber(text: string): number {
  const t = text.trim().replace(/,/g, "").replace("−", "-");
  return t.endsWith("%") ? Number(t.slice(0, -1)) / 100 : Number(t);
}

/** Median and 90th percentile (nearest rank) of |x|. */
function spread(xs: readonly number[]): { median: number; p90: number } {
  const a = xs.map(Math.abs).sort((p, q) => p - q);
  const mid = Math.floor(a.length / 2);
  const median = a.length % 2 ? (a[mid] ?? NaN) : ((a[mid - 1] ?? NaN) + (a[mid] ?? NaN)) / 2;
  return { median, p90: a[Math.max(0, Math.ceil(0.9 * a.length) - 1)] ?? NaN };
}

/** Each row's signed error as shown, by the row's id (the last cell of an estimate row). */
const shownErrors = (rows: ShownRow[]) =>
  new Map(rows.map((r) => [r.key, shownNumber(r.cells.at(-1) ?? "")]));

/** Errors grouped by whatever names a row's publication. */
function byPublication(errors: Map<string, number>, sourceOf: Map<string, string>) {
  const groups = new Map<string, number[]>();
  for (const [id, error] of errors) {
    const source = sourceOf.get(id);
    expect(source, `${id} is a run of its TSV`).toBeDefined();
    groups.set(source ?? "", [...(groups.get(source ?? "") ?? []), error]);
  }
  return groups;
}

/**
 * A by-publication table against the shown errors it summarises: one row per publication in
 * name order, and each row's count, median and 90th percentile those of its errors (shown to
 * 0.1%, so a spread read from them is within 0.1% of the printed one).
 */
function expectSpreads(
  table: ShownRow[],
  groups: Map<string, number[]>,
  columns: { count: number; median: number; p90: number },
) {
  expect(table.map((r) => r.key)).toEqual([...groups.keys()].sort());
  for (const { key, cells } of table) {
    const errors = groups.get(key) ?? [];
    expect(Number(cells[columns.count]), key).toBe(errors.length);
    const s = spread(errors);
    expect(Math.abs(shownNumber(cells[columns.median] ?? "") - s.median), key).toBeLessThan(0.0011);
    expect(Math.abs(shownNumber(cells[columns.p90] ?? "") - s.p90), key).toBeLessThan(0.0011);
  }
}

describe.each([
  ["en", "/en/guides/accuracy/", "yes", "no"],
  ["zh-cn", "/guides/accuracy/", "是", "否"],
] as const)("the accuracy page (%s)", (lang, path, yes, no) => {
  const html = pageHtml(path);

  it("gives every row the error of the estimate and the measurement it shows", () => {
    const tables = [
      "accuracy-table",
      "calibration-table",
      "serving-validation-table",
      "serving-calibration-table",
      "training-validation-table",
      "training-calibration-table",
      "training-holdout-table",
    ];
    for (const id of tables) {
      const rows = tableRows(html, id);
      expect(rows.length, id).toBeGreaterThan(0);
      // Cells: the id (row head), case, measures, estimate, measured, unit, signed error.
      for (const { key, cells } of rows) {
        const [estimate, measured, error] = [3, 4, 6].map((i) => shownNumber(cells[i] ?? ""));
        expect(Number.isFinite(estimate) && Number.isFinite(measured), `${id} ${key}`).toBe(true);
        // Figures shown to 4 significant digits and the error to 0.1%: the error worked out
        // from what is shown may differ from the printed one by that rounding.
        const expected = (estimate! - measured!) / measured!;
        expect(Math.abs(error! - expected), `${id} ${key}: ${cells[6]}`).toBeLessThanOrEqual(
          0.0006 + 0.0011 * Math.abs(1 + expected),
        );
      }
    }
  });

  it("lists exactly the runs each TSV gives the table's role", () => {
    const keys = (id: string) =>
      tableRows(html, id)
        .map((r) => r.key)
        .sort();
    expect(keys("serving-validation-table")).toEqual(ids(servingRuns, "validation").sort());
    expect(keys("serving-calibration-table")).toEqual(ids(servingRuns, "calibration").sort());
    expect(keys("training-validation-table")).toEqual(ids(trainingRuns, "validation").sort());
    expect(keys("training-calibration-table")).toEqual(ids(trainingRuns, "calibration").sort());
    expect(keys("training-holdout-table")).toEqual(ids(holdoutRuns, "holdout").sort());
  });

  it("scores serving validation by publisher from its shown rows, and says who also fits", () => {
    const fitting = new Set([
      ...tsv("decode-calibration.tsv").map((r) => r["publisher"]),
      ...servingRuns.filter((r) => r["role"] === "calibration").map((r) => r["publisher"]),
    ]);
    const publisherOf = new Map(servingRuns.map((r) => [r["id"] ?? "", r["publisher"] ?? ""]));
    const table = tableRows(html, "serving-publishers-table");
    // Cells: publisher, also fits the constants, runs, median, 90th percentile.
    expectSpreads(
      table,
      byPublication(shownErrors(tableRows(html, "serving-validation-table")), publisherOf),
      { count: 2, median: 3, p90: 4 },
    );
    for (const { key, cells } of table) expect(cells[1], key).toBe(fitting.has(key) ? yes : no);
    expect(table.map((r) => r.cells[1])).toEqual(expect.arrayContaining([yes, no]));
  });

  it("scores every serving publisher without its own data", () => {
    const decodeRows = tsv("decode-calibration.tsv");
    const fitting = new Set([
      ...decodeRows.map((r) => r["publisher"]),
      ...servingRuns.filter((r) => r["role"] === "calibration").map((r) => r["publisher"]),
    ]);
    const table = tableRows(html, "serving-loso-table");
    // Cells: publisher, fits the constants, runs, median, 90th percentile.
    expect(table.map((r) => r.key)).toEqual(
      [...new Set([...decodeRows, ...servingRuns].map((r) => r["publisher"] ?? ""))].sort(),
    );
    for (const { key, cells } of table) expect(cells[1], key).toBe(fitting.has(key) ? yes : no);
    // A publisher that fits nothing is scored with the shipped constants: its score is its
    // validation runs' own, as the by-publisher table shows them.
    const byPublisher = new Map(tableRows(html, "serving-publishers-table").map((r) => [r.key, r]));
    const outside = table.filter((r) => !fitting.has(r.key));
    expect(outside.length).toBeGreaterThan(0);
    for (const { key, cells } of outside)
      expect(cells.slice(2), key).toEqual(byPublisher.get(key)?.cells.slice(2));
  });

  it("scores every training publication without its own source", () => {
    const sourceOf = new Map(trainingRuns.map((r) => [r["id"] ?? "", r["source_id"] ?? ""]));
    const calibrating = new Set(ids(trainingRuns, "calibration").map((id) => sourceOf.get(id)));
    const table = tableRows(html, "training-loso-table");
    // Cells: publication, fits the table, runs, median, 90th percentile.
    expect(table.map((r) => r.key)).toEqual([...new Set(sourceOf.values())].sort());
    const validation = byPublication(
      shownErrors(tableRows(html, "training-validation-table")),
      sourceOf,
    );
    for (const { key, cells } of table) {
      expect(cells[1], key).toBe(calibrating.has(key) ? yes : no);
      expect(Number(cells[2]), key).toBe(trainingRuns.filter((r) => r["source_id"] === key).length);
    }
    // A validation publication was never fitted on: its score is its shown rows' own.
    expectSpreads(
      table.filter((r) => !calibrating.has(r.key)),
      validation,
      { count: 2, median: 3, p90: 4 },
    );
  });

  it("scores the held-out runs by publication from their shown rows", () => {
    const sourceOf = new Map(holdoutRuns.map((r) => [r["id"] ?? "", r["source_id"] ?? ""]));
    // Cells: publication, runs, median, 90th percentile.
    expectSpreads(
      tableRows(html, "training-holdout-sources"),
      byPublication(shownErrors(tableRows(html, "training-holdout-table")), sourceOf),
      { count: 1, median: 2, p90: 3 },
    );
  });

  it("says why each published run left out was left out, in the page's language", () => {
    expect(textOf(html)).toContain(
      lang === "en"
        ? "its reference mapping (128 GPUs, TP 4, EP 2, PP 8, VP 7) comes with no throughput"
        : "只给了参考并行布局（128 张卡，TP 4、EP 2、PP 8、VP 7），没有给吞吐",
    );
  });

  it("prints no NaN, Infinity or undefined", () => {
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(textOf(main)).not.toMatch(/NaN|Infinity|undefined/);
  });
});
