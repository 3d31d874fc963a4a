/**
 * The model picker finds presets by part of their name, and takes a model from the user's
 * own weight file: a synthetic GGUF dropped on it sets the model (named by the file) and the
 * serving weight bits, and the inference widget's weight bytes are the file's, exactly as
 * the command line computes them for the request the page shows. In both languages.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page, Route } from "@playwright/test";
import { test, expect } from "../fixtures.ts";
import { inUnit } from "../../support/shown-text.ts";
import { modelFileStrings } from "../../../src/i18n/model-files.ts";
import { modelPickerStrings } from "../../../src/i18n/model-picker.ts";
import { bytesSource } from "../../../src/estimate/model/weights-header/byte-source.ts";
import { readWeightFiles } from "../../../src/estimate/model/weights-header/read.ts";
import { tinyGguf } from "../../unit/estimate/weights-fixtures.ts";
import type { Lang } from "./helpers.ts";
import { engineReady, figure, openCalculators, pageEstimate, pageRequest } from "./helpers.ts";

const Q4_0 = 2;

/** Drops files on the picker's drop zone as a user's drag from the desktop would. */
async function drop(page: Page, files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  const payload = files.map((f) => ({
    name: f.name,
    b64: Buffer.from(f.bytes).toString("base64"),
  }));
  const data = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bin = atob(f.b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], f.name));
    }
    return dt;
  }, payload);
  await page.dispatchEvent("[data-drop-zone]", "drop", { dataTransfer: data });
}

for (const lang of ["en", "zh-cn"] as const satisfies readonly Lang[]) {
  test(`${lang}: a dropped GGUF file sets the model and the exact weight bytes`, async ({
    page,
  }) => {
    const name = "tiny-Q4_0.gguf";
    const bytes = tinyGguf({ type: Q4_0 });
    const read = await readWeightFiles([{ name, source: bytesSource(bytes) }]);
    if (!read.ok) throw new Error(read.error.code);
    const reading = read.reading;
    await openCalculators(page, lang, "im");
    await page.selectOption("#mp-kind", "file");
    await expect(page.locator("[data-drop-zone]")).toBeVisible();
    await drop(page, [{ name, bytes }]);
    await expect(figure(page, "mp", "name")).toHaveText(reading.label);
    await engineReady(page);
    await expect(page.locator('section[aria-labelledby="im-title"] .calc-model')).toContainText(
      reading.label,
    );
    const request = await pageRequest(page, "im");
    expect(request).toMatchObject({
      model: reading.model,
      weightBits: reading.weightBits,
      scaleBits: 0,
      engine: "llama.cpp",
    });
    const r = await pageEstimate(page, "im", "infer-memory");
    expect(r.weightBytes).toBeCloseTo(reading.weightBytes, 3);
    await expect(figure(page, "im", "weights")).toHaveText(
      inUnit(lang, r.weightBytes / 2 ** 30, "gib", 1),
    );
    await expect(page.locator('[data-figure="file-bytes"]')).not.toBeEmpty();
    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="mp-title"]')
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
    ).toEqual([]);

    // A foreign file: a message beside the drop zone, in the page's language.
    await drop(page, [{ name: "notes.txt", bytes: new TextEncoder().encode("not a model file") }]);
    const said = modelFileStrings[lang];
    await expect(page.locator("#mp-file-status")).toHaveText(
      said["mf.fileError"]
        .replace("{file}", "notes.txt")
        .replace("{text}", said["mf.err.not-weights"]),
    );
    // The model read before stays: a refused file changes nothing.
    await expect(figure(page, "mp", "name")).toHaveText(reading.label);

    // Chosen with the file input, the same: and the input is cleared once the file is taken,
    // so choosing that file again (fixed on disk) is a change the browser reports.
    await page.setInputFiles("#mp-file", {
      name: "other.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("still not a model file"),
    });
    await expect(page.locator("#mp-file-status")).toHaveText(
      said["mf.fileError"]
        .replace("{file}", "other.txt")
        .replace("{text}", said["mf.err.not-weights"]),
    );
    await expect(page.locator("#mp-file")).toHaveValue("");
  });

  test(`${lang}: presets are found by typing part of their name, by keyboard alone`, async ({
    page,
  }) => {
    await openCalculators(page, lang, "im");
    // Where the chosen preset's figures come from (the presets' own provenance, transcribed
    // in src/estimate/model/presets.ts), shown for the initial one and for each one chosen.
    const source = (where: string) =>
      modelPickerStrings[lang]["mp.source"].replace("{source}", where);
    await expect(page.locator("#mp-source")).toHaveText(
      source("meta-llama/Llama-3.1-8B config.json"),
    );
    await page.focus("#mp-search");
    await page.keyboard.type("r1 70");
    await expect(page.locator("#mp-preset option")).toHaveText([
      "Llama 3.1 8B",
      "DeepSeek-R1-Distill-Llama 70B",
    ]);
    await page.keyboard.press("Enter");
    await expect(page.locator("#mp-preset")).toHaveValue("deepseek-r1-distill-llama-70b");
    await expect(figure(page, "mp", "name")).toHaveText("DeepSeek-R1-Distill-Llama 70B");
    await expect(page.locator("#mp-source")).toHaveText(
      source(
        "huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Llama-70B config.json (mirrored copies, 2026-12: Llama 3.3 70B shape)",
      ),
    );
    await page.fill("#mp-search", "qwen3 30");
    await expect(page.locator("#mp-preset option", { hasText: "Qwen3 30B-A3B" })).toHaveCount(1);
    await page.fill("#mp-search", "no such model");
    await expect(page.locator("#mp-search-hint")).toHaveText(
      modelPickerStrings[lang]["mp.noMatch"].replace("{query}", "no such model"),
    );
    // The chosen preset stays the one shown while nothing matches.
    await expect(page.locator("#mp-preset")).toHaveValue("deepseek-r1-distill-llama-70b");
  });
}

// The weights-file way is no part of a first visit: its code loads when a reader picks it,
// and a failed load says so beside the picker and loads on the button, as every on-demand
// part does.
test("the weights-file way loads when chosen, and a failed load is retried by its button", async ({
  page,
  pageProblems,
}) => {
  const part = "**/_astro/WeightsFiles.*.js";
  const requested: string[] = [];
  page.on("request", (r) => {
    if (/\/_astro\/WeightsFiles\.[\w-]+\.js/.test(r.url())) requested.push(r.url());
  });
  await openCalculators(page, "en", "im");
  expect(requested, "loaded before it was chosen").toEqual([]);
  const blocked = (route: Route) => route.abort();
  await page.route(part, blocked);
  await page.selectOption("#mp-kind", "file");
  const retry = page.getByRole("button", { name: /could not be loaded/ });
  await expect(retry).toBeVisible();
  await expect(page.locator("[data-drop-zone]")).toHaveCount(0);
  await page.unroute(part, blocked);
  await retry.click();
  await expect(page.locator("[data-drop-zone]")).toBeVisible();
  await expect(page.locator("[data-drop-zone] label")).toContainText(
    modelFileStrings.en["mf.drop"],
  );
  // The one failed request is this test's doing; any other problem still fails it.
  const blockedLoad = pageProblems.findIndex((p) => p.includes("net::ERR_FAILED"));
  expect(blockedLoad).toBeGreaterThanOrEqual(0);
  pageProblems.splice(blockedLoad, 1);
});
