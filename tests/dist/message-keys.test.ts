/**
 * No built page shows a message key instead of its text: a view that asks for a key its
 * widget's strings lack (`src/i18n/calculators.ts`, `WIDGET_KEYS`) prints the key itself
 * ("fit.fits"), which no type check catches. Every page's visible text and labels are
 * searched for anything shaped like a key of the calculators' dictionaries.
 */
import { describe, expect, it } from "vitest";
import { calculatorStrings } from "../../src/i18n/calculators.ts";
import { builtPages, pageHtml } from "./built-pages.ts";

const keys = Object.keys(calculatorStrings("en")).filter((k) => k.includes("."));
// The first part of every dotted key ("v", "fd", "warn", …): a key's shape.
const prefixes = [...new Set(keys.map((k) => k.slice(0, k.indexOf("."))))];
const KEY = new RegExp(
  `(?<![\\w./-])(?:${prefixes.map((p) => p.replace(/[.-]/g, "\\$&")).join("|")})\\.[a-z][\\w-]*(?:\\.[\\w-]+)*(?![\\w/-])`,
  "g",
);

/** What a reader sees or hears: text outside scripts, styles and code, and labelling attributes. */
function shown(html: string): string[] {
  const body = html
    .replace(/<(script|style|code|pre|template)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, " ");
  const text = [...body.matchAll(/>([^<]+)</g)].map((m) => m[1] ?? "");
  const labels = [...body.matchAll(/\s(?:title|aria-label|placeholder|alt)="([^"]*)"/g)].map(
    (m) => m[1] ?? "",
  );
  return [...text, ...labels];
}

describe("message keys", () => {
  it("the key pattern knows the dictionaries' prefixes", () => {
    expect(prefixes).toEqual(expect.arrayContaining(["v", "fd", "verdict", "likely", "warn"]));
    expect("yes, with headroom".match(KEY)).toBeNull();
    expect("Fits on your RTX 4090: v.fit.fits".match(KEY)).toEqual(["v.fit.fits"]);
    expect("read at opendata.blender.org or e.g. a v.2 file".match(KEY)).toBeNull();
  });

  it.each(builtPages())("%s shows no message key in place of its text", (path) => {
    const found = shown(pageHtml(path)).flatMap((t) => t.match(KEY) ?? []);
    expect(found).toEqual([]);
  });
});
