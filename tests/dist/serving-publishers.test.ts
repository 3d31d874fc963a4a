/**
 * The accuracy page's serving validation by publisher, read from the built HTML in both
 * languages: each publisher's runs, median and 90th-percentile |error| are those of its rows
 * in the page's own validation table (each row's publisher read from the TSV here, its error
 * as the page prints it), and "also fits the constants" is yes exactly for the publishers
 * whose other documents give decode calibration rows or calibration runs (read from the two
 * TSVs here, not from the code that builds the table).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeEntities, pageHtml, textOf } from "./built-pages.ts";

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

const runs = tsv("serving-throughput.tsv");
const publisherOf = new Map(runs.map((r) => [r["id"], r["publisher"]]));
const fitting = new Set([
  ...tsv("decode-calibration.tsv").map((r) => r["publisher"]),
  ...runs.filter((r) => r["role"] === "calibration").map((r) => r["publisher"]),
]);

/** The body rows of one table, each as its cells' text (the row header first). */
function rowsOf(html: string, id: string): string[][] {
  const start = html.search(new RegExp(`<table id="${id}"[ >]`));
  expect(start, id).toBeGreaterThanOrEqual(0);
  const body = html.slice(html.indexOf("<tbody", start), html.indexOf("</tbody>", start));
  return [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map((tr) =>
    [...(tr[1] ?? "").matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) =>
      textOf(decodeEntities(c[1] ?? "")),
    ),
  );
}

/** A percentage as the page prints it ("−12.5%", "199.5%") as a fraction. */
const fraction = (text: string) => Number(text.replace("−", "-").replace(/[%,]/g, "")) / 100;

/** Median and 90th percentile (nearest rank) of |x|. */
function spread(xs: number[]) {
  const a = xs.map(Math.abs).sort((p, q) => p - q);
  const mid = Math.floor(a.length / 2);
  const median = a.length % 2 ? a[mid]! : (a[mid - 1]! + a[mid]!) / 2;
  return { median, p90: a[Math.max(0, Math.ceil(0.9 * a.length) - 1)]! };
}

describe.each([
  ["en", "/en/guides/accuracy/", "yes", "no"],
  ["zh-cn", "/guides/accuracy/", "是", "否"],
])("serving validation by publisher (%s)", (_lang, path, yes, no) => {
  const html = pageHtml(path);
  const shown = rowsOf(html, "serving-validation-table");
  const byPublisher = new Map<string, number[]>();
  for (const cells of shown) {
    const publisher = publisherOf.get(cells[0]);
    expect(publisher, `${cells[0]} is a run of serving-throughput.tsv`).toBeDefined();
    byPublisher.set(publisher!, [...(byPublisher.get(publisher!) ?? []), fraction(cells.at(-1)!)]);
  }
  const table = rowsOf(html, "serving-publishers-table");

  it("has one row per publisher of the validation runs, in name order", () => {
    expect(table.map((r) => r[0])).toEqual([...byPublisher.keys()].sort());
  });

  it("gives each publisher's run count, median and 90th percentile of its shown rows", () => {
    for (const [publisher, fits, count, median, p90] of table) {
      const errors = byPublisher.get(publisher!) ?? [];
      expect(Number(count), publisher).toBe(errors.length);
      const s = spread(errors);
      // The rows' errors are printed to 0.1%, so the spread read from them is within 0.1%.
      expect(Math.abs(fraction(median!) - s.median), publisher).toBeLessThanOrEqual(0.0011);
      expect(Math.abs(fraction(p90!) - s.p90), publisher).toBeLessThanOrEqual(0.0011);
      expect(fits, publisher).toBe(fitting.has(publisher) ? yes : no);
    }
  });

  it("says yes for a publisher with calibration data elsewhere, and no for one without", () => {
    const fitsColumn = new Map(table.map((r) => [r[0], r[1]]));
    expect([...fitsColumn.values()]).toContain(yes);
    expect([...fitsColumn.values()]).toContain(no);
  });
});
