/**
 * The memory verdict on the training-memory and inference guides, in both languages (flows alternate): the
 * headline "rent at least X GB per GPU" and the chosen GPU's fit (with headroom, tight, no) are what the
 * command line's task code computes for the request the widget shows; the allocator and
 * nvidia-smi figures follow as details; GPUs are named, never shown by id.
 */
import type { Page } from "@playwright/test";
import { expect, flow } from "./fixtures.ts";
import { openCalculators, typeInto } from "./calculators/helpers.ts";
import { loadGpuSpecs } from "../../src/catalog/load.ts";
import type { MemoryVerdict } from "../../src/estimate/memory/views.ts";
import { PRESETS } from "../../src/estimate/model/presets.ts";
import { runRequest } from "../../src/estimate/registry.ts";

const GPUS = loadGpuSpecs();
const nameOf = (id: string) => GPUS.find((g) => g.id === id)?.name ?? id;
type Lang = "en" | "zh-cn";
/**
 * The page's words, written here rather than read from its dictionary: "rent at least X GB
 * per GPU", X in GB (10⁹ bytes) to one decimal in the page's locale.
 */
const WORDS = {
  en: {
    locale: "en",
    rent: (gb: string, count: number) =>
      count > 1
        ? `Rent at least ${gb} per GPU, on each of ${count} GPUs`
        : `Rent at least ${gb} per GPU`,
    fits: "yes, with headroom",
    "does-not-fit": "no",
    tight: (short: string) =>
      `tight: the peak fits, the headroom lacks ${short}; a short real run decides`,
  },
  "zh-cn": {
    locale: "zh-CN",
    rent: (gb: string, count: number) =>
      count > 1 ? `每张 GPU 至少租 ${gb} 显存，共 ${count} 张` : `每张 GPU 至少租 ${gb} 显存`,
    fits: "装得下，含余量",
    "does-not-fit": "装不下",
    tight: (short: string) => `偏紧：峰值装得下，余量差 ${short}；以一次短的实测为准`,
  },
} as const;
const gbText = (lang: Lang, gb: number) =>
  `${new Intl.NumberFormat(WORDS[lang].locale, { maximumFractionDigits: 1 }).format(gb)} GB`;
type Widget = "tm" | "im";
const SLUG: Record<Widget, string> = { tm: "training-memory", im: "inference" };
const path = (lang: Lang, w: Widget) =>
  lang === "en" ? `/en/guides/${SLUG[w]}/` : `/guides/${SLUG[w]}/`;
/** Catalog ids with a hyphen ("rtx-4090"), which no GPU's name contains. */
const HYPHEN_IDS = GPUS.map((g) => g.id).filter((id) => id.includes("-"));

const section = (page: Page, w: Widget) => page.locator(`section[aria-labelledby="${w}-title"]`);

async function open(page: Page, lang: Lang, w: Widget): Promise<void> {
  await page.goto(path(lang, w));
  const s = section(page, w);
  await s.scrollIntoViewIfNeeded();
  await expect(s).toHaveAttribute("data-hydrated", "true");
}

/** Waits until the estimation engine, loaded on the first edit, has computed. */
async function engineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset["engine"] !== "loading");
}

/** The verdict the core gives for the request the widget shows. */
async function coreVerdict(page: Page, w: Widget): Promise<MemoryVerdict> {
  const text = await page.locator(`#${w}-request`).textContent();
  if (!text) throw new Error(`${w} shows no request`);
  const r = runRequest(JSON.parse(text), { gpus: GPUS, presets: PRESETS });
  if (!r.ok) throw new Error(`the core refuses the request: ${JSON.stringify(r.issues)}`);
  return (r.result as unknown as { verdict: MemoryVerdict }).verdict;
}

/** The headline and yes/no on the page say what the core computes, in the page's language. */
async function expectVerdict(
  page: Page,
  lang: Lang,
  w: Widget,
  fit: "fits" | "does-not-fit",
): Promise<void> {
  const v = await coreVerdict(page, w);
  expect(v.chosen?.fit).toBe(fit);
  const s = section(page, w);
  const verdict = s.locator("[data-verdict]");
  const rent = gbText(lang, v.rentGB);
  await expect(verdict.locator('[data-figure="rent"]')).toHaveText(rent);
  await expect(verdict.locator(".calc-verdict-rent")).toHaveText(WORDS[lang].rent(rent, v.gpus));
  const chosen = verdict.locator(".calc-verdict-chosen");
  await expect(chosen).toHaveAttribute("data-fits", fit);
  await expect(chosen.locator('[data-figure="fits"]')).toHaveText(WORDS[lang][fit]);
  await expect(chosen).toContainText(nameOf(v.chosen?.gpuId ?? ""));
  // The GPUs it fits on, by name, smallest first; or the advice when none does.
  const list = verdict.locator("[data-fits-on]");
  if (v.fitsOn.length === 0) await expect(list).not.toBeEmpty();
  else await expect(list).toContainText(nameOf(v.fitsOn[0] ?? ""));
  if (v.chosen?.fit === "fits") expect(v.fitsOn).toContain(v.chosen.gpuId);

  // The details follow the headline: the allocator / nvidia-smi figures come after it.
  const after = await s.evaluate((el) => {
    const head = el.querySelector("[data-verdict]");
    const smi = el.querySelector('[data-figure="smi"]');
    return (
      !!head && !!smi && !!(head.compareDocumentPosition(smi) & Node.DOCUMENT_POSITION_FOLLOWING)
    );
  });
  expect(after, "nvidia-smi figure after the verdict").toBe(true);

  // No GPU id and no unformatted byte count anywhere in the results or warnings.
  const text = await s.locator(".calc-results").innerText();
  for (const id of HYPHEN_IDS) expect(text, `id ${id} shown`).not.toContain(id);
  expect(text).not.toMatch(/\d{8,}/);
}

flow("zh-cn", `training memory verdict matches the core`, async ({ page }, lang) => {
  await open(page, lang, "tm");
  await page.selectOption("#tm-gpu", "rtx-4090");
  await page.selectOption("#tm-method", "none");
  await page.selectOption("#tm-recompute", "none");
  await engineReady(page);
  // Full fine-tuning of an 8B model: far more than a 24 GB card.
  await expectVerdict(page, lang, "tm", "does-not-fit");
  // QLoRA with full recomputation fits on it.
  await page.selectOption("#tm-method", "qlora");
  await page.selectOption("#tm-recompute", "full");
  await engineReady(page);
  await expectVerdict(page, lang, "tm", "fits");
});

flow(
  "en",
  `a LoRA whose peak fits a 24 GB card but not its headroom is tight, by the shown gap`,
  async ({ page }, lang) => {
    await openCalculators(page, lang, "tm");
    // LoRA on Qwen2.5-7B with LLaMA-Factory's defaults: at 2,048 tokens it fits an RTX 4090
    // with headroom (LLaMA-Factory's table: about 16 GB for a 7B LoRA); at 2,560 the peak
    // still fits and the headroom does not.
    await page.selectOption("#mp-preset", "qwen2.5-7b");
    await page.selectOption("#tm-framework", "llama-factory");
    await page.selectOption("#tm-method", "lora");
    await page.selectOption("#tm-gpu", "rtx-4090");
    await typeInto(page, "#tm-seqLen", "2048");
    await engineReady(page);
    const chosen = section(page, "tm").locator(".calc-verdict-chosen");
    await expect(chosen).toHaveAttribute("data-fits", "fits");
    await expect(chosen.locator('[data-figure="fits"]')).toHaveText(WORDS[lang].fits);
    await typeInto(page, "#tm-seqLen", "2560");
    await engineReady(page);
    await expect(chosen).toHaveAttribute("data-fits", "tight");
    // The gap is the rent headline less the card's usable memory, both as the page shows them
    // (each to 0.1 GB, so the gap it prints is within 0.1 GB of theirs).
    const number = (t: string) => Number(/[\d.]+/.exec(t.replace(/,/g, ""))?.[0]);
    const rent = number(await section(page, "tm").locator('[data-figure="rent"]').innerText());
    const capacity = number(await chosen.locator("small").innerText());
    const answer = await chosen.locator('[data-figure="fits"]').innerText();
    const short = /([\d.]+) GB/.exec(answer)?.[1];
    expect(answer).toBe(WORDS[lang].tight(`${short} GB`));
    expect(Math.abs(Number(short) - (rent - capacity))).toBeLessThanOrEqual(0.11);
    expect(Number(short)).toBeGreaterThan(0);
  },
);

flow("zh-cn", `inference memory verdict matches the core`, async ({ page }, lang) => {
  await open(page, lang, "im");
  await page.selectOption("#im-gpu", "t4");
  await engineReady(page);
  // 16 GB of weights do not fit in a T4's 15,360 MiB.
  await expectVerdict(page, lang, "im", "does-not-fit");
  await page.selectOption("#im-gpu", "a100-80gb-sxm");
  await engineReady(page);
  await expectVerdict(page, lang, "im", "fits");
});
