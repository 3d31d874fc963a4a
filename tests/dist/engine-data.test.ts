/**
 * What a calculator page leaves to the engine (`src/stores/engine-data.ts`): every page with
 * calculators names its language's file, which the build wrote; the page's own catalog
 * carries each GPU's choice and no prices; the file carries whole specs, prices, rates and
 * the words of results.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages, DIST, pageHtml } from "./built-pages.ts";

const calculatorPages = builtPages().filter((p) => pageHtml(p).includes('id="calc-catalog"'));

describe("engine data", () => {
  it("is named by every calculator page, in the page's language, and exists", () => {
    expect(calculatorPages.length).toBeGreaterThan(10);
    for (const path of calculatorPages) {
      const html = pageHtml(path);
      const file = /data-engine-data="([^"]+)"/.exec(html)?.[1] ?? "";
      const lang = path.startsWith("/en/") ? "en" : "zh-cn";
      expect(file, path).toMatch(new RegExp(`^/engine-data/${lang}\\.[0-9a-f]{10}\\.json$`));
      expect(existsSync(join(DIST, file)), file).toBe(true);
      const catalog = JSON.parse(
        /<script type="application\/json" id="calc-catalog"[^>]*>([\s\S]*?)<\/script>/.exec(
          html,
        )?.[1] ?? "{}",
      ) as { gpus?: Record<string, unknown>[]; prices?: unknown; rates?: unknown };
      // What the page shows and chooses from: each GPU's id, name and memory, no more.
      expect(catalog.gpus?.length, path).toBeGreaterThan(10);
      for (const g of catalog.gpus ?? [])
        expect(Object.keys(g).sort()).toEqual(["id", "memoryGB", "name"]);
      expect(catalog.prices, path).toBeUndefined();
      expect(catalog.rates, path).toBeUndefined();
      // The words of an issue the page raises itself, when the engine does not load.
      expect(html, path).toContain('"issue.engine-load-failed"');
      expect(catalog.rates, path).toBeUndefined();
    }
  });

  it("holds the prices, the rates and the words of results in its language", () => {
    const files = new Set(
      calculatorPages.map((p) => /data-engine-data="([^"]+)"/.exec(pageHtml(p))?.[1] ?? ""),
    );
    expect(files.size).toBe(2);
    for (const file of files) {
      const data = JSON.parse(readFileSync(join(DIST, file), "utf8")) as {
        gpus: { id: string; bandwidthGBps?: number }[];
        presets: { id: string; model: unknown }[];
        prices: { pricePerGpuHour: number }[];
        rates: unknown[];
        messages: Record<string, string>;
      };
      // Whole specs: an H100's memory bandwidth, a preset's architecture.
      expect(data.gpus.find((g) => g.id === "h100-sxm")?.bandwidthGBps).toBeGreaterThan(3000);
      expect(data.presets.find((p) => p.id === "llama-3.1-8b")?.model).toBeTruthy();
      expect(data.prices.length).toBeGreaterThan(20);
      expect(data.rates.length).toBeGreaterThan(0);
      // A warning every page may need after an edit, in the file's own language.
      const headroom = data.messages["warn.headroom-above-seed-range"] ?? "";
      expect(headroom).toMatch(file.includes("/en.") ? /^Headroom / : /^余量/);
    }
  });
});
