/**
 * The first batch of guides (start, measure and sizing): every page exists in both
 * languages, shows its frontmatter title as the h1, declares its language, links to its
 * pair, and carries the corrected figures it is there to state.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures.ts";

type Lang = "zh-cn" | "en";

/** Figures each page must show, per language (corrections and worked arithmetic). */
const pages: Record<string, Record<Lang, string[]>> = {
  "why-estimate": {
    "zh-cn": ["112 GB", "10¹⁷"],
    en: ["112 GB", "10¹⁷"],
  },
  "four-metrics": {
    "zh-cn": ["416,667", "13.5 GB"],
    en: ["416,667", "13.5 GB"],
  },
  "small-scale-test": {
    "zh-cn": ["22,888 MiB", "24,576 MiB", "max_memory_allocated"],
    en: ["22,888 MiB", "24,576 MiB", "max_memory_allocated"],
  },
  "training-memory": {
    "zh-cn": ["112 GB", "16 × 7×10⁹"],
    en: ["112 GB", "16 × 7×10⁹"],
  },
  "fine-tuning": {
    "zh-cn": ["4,194,304", "0.127"],
    en: ["4,194,304", "0.127"],
  },
  inference: {
    "zh-cn": ["131,072", "128 KiB"],
    en: ["131,072", "128 KiB"],
  },
  "compute-time": {
    "zh-cn": ["1.16 TFLOPS", "1×10¹⁷"],
    en: ["1.16 TFLOPS", "1×10¹⁷"],
  },
  "rendering-and-video": {
    "zh-cn": ["2,880", "NVENC"],
    en: ["2,880", "NVENC"],
  },
  "scientific-computing": {
    "zh-cn": ["FP64", "340 GFLOP/s"],
    en: ["FP64", "340 GFLOP/s"],
  },
};

const contentDir = join(import.meta.dirname, "../../content/guides");

/** The `title` from a guide's frontmatter, unquoted. */
function frontmatterTitle(lang: Lang, slug: string): string {
  const source = readFileSync(join(contentDir, lang, `${slug}.mdx`), "utf8");
  const frontmatter = source.split(/^---$/m)[1] ?? "";
  const line = frontmatter.match(/^title:\s*(.+)$/m)?.[1]?.trim() ?? "";
  return line.replace(/^(["'])(.*)\1$/, "$2");
}

const path = (lang: Lang, slug: string) =>
  lang === "en" ? `/en/guides/${slug}/` : `/guides/${slug}/`;

for (const [slug, figures] of Object.entries(pages)) {
  for (const lang of ["zh-cn", "en"] as const) {
    const other: Lang = lang === "en" ? "zh-cn" : "en";
    test(`guide ${slug} (${lang}) loads, is titled, switches language and shows its figures`, async ({
      page,
    }) => {
      const response = await page.goto(path(lang, slug));
      expect(response?.status()).toBe(200);
      const title = frontmatterTitle(lang, slug);
      expect(title.length).toBeGreaterThan(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "en" ? "en" : "zh-CN");
      await expect(page.locator("#lang-switch")).toHaveAttribute("href", path(other, slug));
      const main = page.locator("main");
      for (const figure of figures[lang]) {
        await expect(main).toContainText(figure);
      }
    });
  }
}
