/**
 * Every guide, read from the built HTML: it exists in both languages, its h1 is its
 * frontmatter title, the page declares its language and its language switch points at the
 * same guide in the other, and it carries the figures it is there to state, the seeds'
 * wrong figures corrected (inside a correction callout, and nowhere else).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageHtml, textOf } from "./built-pages.ts";

type Lang = "zh-cn" | "en";

/**
 * Figures each guide must show in both languages (corrections and worked arithmetic), and
 * whether it corrects a seed figure in a callout.
 */
const GUIDES: Record<string, { figures: string[]; correction?: boolean }> = {
  "why-estimate": { figures: ["112 GB", "10¹⁷"] },
  "four-metrics": { figures: ["416,667", "13.5 GB"] },
  "small-scale-test": { figures: ["22,888 MiB", "24,576 MiB", "max_memory_allocated"] },
  "training-memory": { figures: ["112 GB", "16 × 7×10⁹"] },
  "fine-tuning": { figures: ["4,194,304", "0.127"] },
  inference: { figures: ["131,072", "128 KiB"] },
  "compute-time": { figures: ["1.16 TFLOPS", "1×10¹⁷"] },
  "rendering-and-video": { figures: ["2,880", "NVENC"] },
  "scientific-computing": { figures: ["FP64", "340 GFLOP/s"] },
  "choosing-a-gpu": { figures: ["19.5", "312", "165.2", "8.1", "15.7", "74.8"], correction: true },
  "single-vs-multi-gpu": {
    figures: ["72 ÷ 24 = 3", "75%", "p₄ < 3 × p₁", "600 GB/s", "24 × 7.5 = 180"],
  },
  "total-cost": { figures: ["= 54", "1200 ÷ 2.5 = 480", "7.08"], correction: true },
  "pre-rental-checklist": { figures: ["torch.version.cuda", "nvidia-smi"] },
  "selection-workflow": { figures: ["112 GB", "13.52 GB", "56 GB"], correction: true },
  "how-estimates-work": { figures: ["34 + 5 · a · s / h", "0.127", "6 · N · D", "1343 MiB"] },
  accuracy: { figures: ["#4766", "1343 MiB"] },
};

const path = (lang: Lang, slug: string) =>
  lang === "en" ? `/en/guides/${slug}/` : `/guides/${slug}/`;

/** The `title` from a guide's frontmatter, unquoted. */
function frontmatterTitle(lang: Lang, slug: string): string {
  const file = join(import.meta.dirname, "../../content/guides", lang, `${slug}.mdx`);
  const frontmatter = readFileSync(file, "utf8").split(/^---$/m)[1] ?? "";
  const line = /^title:\s*(.+)$/m.exec(frontmatter)?.[1]?.trim() ?? "";
  return line.replace(/^(["'])(.*)\1$/, "$2");
}

/** The inner HTML of the first element the pattern opens. */
const inner = (html: string, open: RegExp, tag: string): string => {
  const m = open.exec(html);
  if (!m) return "";
  const start = m.index + m[0].length;
  return html.slice(start, html.indexOf(`</${tag}>`, start));
};

/** The HTML with every `<div class="callout warn">` removed, nested divs and all. */
function withoutCallouts(html: string): string {
  let out = html;
  for (;;) {
    const start = out.indexOf('<div class="callout warn"');
    if (start < 0) return out;
    let depth = 0;
    let end = start;
    for (const m of out.slice(start).matchAll(/<\/?div\b[^>]*>/g)) {
      depth += m[0].startsWith("</") ? -1 : 1;
      if (depth === 0) {
        end = start + (m.index ?? 0) + m[0].length;
        break;
      }
    }
    out = out.slice(0, start) + out.slice(end);
  }
}

describe.each(Object.entries(GUIDES))("the guide %s", (slug, { figures, correction }) => {
  it.each(["zh-cn", "en"] as const)("in %s: title, language, its pair and its figures", (lang) => {
    const html = pageHtml(path(lang, slug));
    expect(textOf(inner(html, /<h1\b[^>]*>/, "h1"))).toBe(frontmatterTitle(lang, slug));
    expect(/<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1]).toBe(lang === "en" ? "en" : "zh-CN");
    const other: Lang = lang === "en" ? "zh-cn" : "en";
    const link = /<a\b[^>]*\bid="lang-switch"[^>]*>/.exec(html)?.[0] ?? "";
    expect(/\bhref="([^"]+)"/.exec(link)?.[1]).toBe(path(other, slug));
    const main = textOf(inner(html, /<main\b[^>]*>/, "main"));
    for (const figure of figures) expect(main, figure).toContain(figure);
    if (correction) expect(html).toContain('<div class="callout warn"');
  });
});

describe("the seed's wrong figures", () => {
  it.each(["zh-cn", "en"] as const)(
    "appear only inside correction callouts on the GPU guide (%s)",
    (lang) => {
      const main = inner(pageHtml(path(lang, "choosing-a-gpu")), /<main\b[^>]*>/, "main");
      // The callout names them, so the check cannot pass by their absence from the page.
      expect(textOf(main)).toMatch(/\b5 TFLOPS|\b1 TFLOPS|\b7 TFLOPS/);
      expect(textOf(withoutCallouts(main))).not.toMatch(/\b5 TFLOPS|\b1 TFLOPS|\b7 TFLOPS/);
    },
  );
});
