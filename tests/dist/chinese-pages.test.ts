/**
 * The Chinese catalog and prices pages are in Chinese, save proper names, figures and units
 * (issue #24): no text a reader sees there, nor a tooltip, is an English sentence. The
 * heuristic: three or more English words of lowercase letters in a row. Names ("NVIDIA
 * Ampere GA102"), units ("GB/s"), commands ("nvidia-smi -q"), repository paths and the
 * titles of documents in 《》 do not count.
 */
import { describe, expect, it } from "vitest";
import { decodeEntities as decode, pageHtml } from "./built-pages.ts";

/** Attributes whose text a reader sees: tooltips, labels, and the filter's status lines. */
const SHOWN_ATTRIBUTES = ["title", "aria-label", "alt", "placeholder", "data-count", "data-none"];

/** Lowercase tokens that are names or symbols, not English words. */
const NAMES = new Set(["x", "nvidia-smi", "rocm-smi", "npu-smi", "vram"]);

/** Every text a reader sees on the page: text nodes and the shown attributes. */
function shownTexts(html: string): string[] {
  const page = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|code|pre|svg|template)\b[\s\S]*?<\/\1>/g, " ");
  const body = page.slice(page.indexOf("<body"));
  const attributes = [...body.matchAll(/\s([\w-]+)="([^"]*)"/g)]
    .filter((m) => SHOWN_ATTRIBUTES.includes(m[1] ?? ""))
    .map((m) => m[2] ?? "");
  const title = /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "";
  const nodes = body.split(/<[^>]*>/);
  return [title, ...attributes, ...nodes].map((t) => decode(t).trim()).filter(Boolean);
}

/** The longest run of English lowercase words in a text, outside 《titles》 and addresses. */
function englishRun(text: string): string[] {
  const words = text
    .replace(/《[^》]*》/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .split(/\s+/)
    .map((token) => token.replace(/^[([{"“‘'（]+|[)\]}"”’',.;:!?）]+$/g, ""));
  let run: string[] = [];
  let longest: string[] = [];
  for (const word of words) {
    if (/^[a-z]+(?:[-'’][a-z]+)*$/.test(word) && !NAMES.has(word)) {
      run.push(word);
      if (run.length > longest.length) longest = [...run];
    } else run = [];
  }
  return longest;
}

/** The texts of a page that read as English sentences. */
const englishPassages = (path: string) =>
  shownTexts(pageHtml(path)).filter((text) => englishRun(text).length >= 3);

describe("English sentences on the Chinese catalog and prices pages", () => {
  for (const path of ["/gpus/", "/guides/reference-prices/"])
    it(`${path} has none`, () => {
      expect(englishPassages(path)).toEqual([]);
    });

  // The same check finds the English on the English pages, so a pass above is no blind spot.
  for (const path of ["/en/gpus/", "/en/guides/reference-prices/"])
    it(`${path} reads as English by the same check`, () => {
      expect(englishPassages(path).length).toBeGreaterThan(20);
    });
});

describe("the data's notes in each language", () => {
  // Written here by hand, not read from the data: one passage of each kind, in each language.
  const PASSAGES = {
    figureNote: {
      en: "the datasheet PDF reportedly says 300 GB/s",
      zh: "据称数据手册 PDF 写的是 300 GB/s",
    },
    sourceTitle: {
      en: "Press reports on the A800",
      zh: "关于 A800 的媒体报道",
    },
    formFactor: { en: "AWS EC2 G5 instances only", zh: "仅见于 AWS EC2 G5 实例" },
  };
  const PRICE_PASSAGES = {
    priceNote: {
      en: "Whole 8-GPU instance; region not stated.",
      zh: "整个 8-GPU 实例；未注明地区。",
    },
    rateSource: {
      en: "PBoC / CFETS central parity (China Foreign Exchange Trade System), as reported by MENAFN",
      zh: "中国人民银行 / 中国外汇交易中心（CFETS）人民币中间价，据 MENAFN 报道",
    },
  };
  const check = (
    zhPath: string,
    enPath: string,
    passages: Record<string, { en: string; zh: string }>,
  ) => {
    const zh = shownTexts(pageHtml(zhPath)).join("\n");
    const en = shownTexts(pageHtml(enPath)).join("\n");
    for (const { en: english, zh: chinese } of Object.values(passages)) {
      expect.soft(zh).toContain(chinese);
      expect.soft(zh).not.toContain(english);
      expect.soft(en).toContain(english);
      expect.soft(en).not.toContain(chinese);
    }
  };
  it("the catalog shows the Chinese on /gpus/ and the English on /en/gpus/", () =>
    check("/gpus/", "/en/gpus/", PASSAGES));
  it("the prices page likewise", () =>
    check("/guides/reference-prices/", "/en/guides/reference-prices/", PRICE_PASSAGES));
});
