/**
 * The hardware, cost, checklist and reference guides: each loads in both languages, its h1
 * is the frontmatter title, the language switch points at the same slug, and the figures
 * the seeds got wrong appear corrected.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures.ts";

const root = join(import.meta.dirname, "../..");

function title(lang: "zh-cn" | "en", slug: string): string {
  const source = readFileSync(join(root, "content/guides", lang, `${slug}.mdx`), "utf8");
  const match = /^title:\s*(.+)$/m.exec(source);
  if (!match?.[1]) throw new Error(`no title in ${lang}/${slug}`);
  return match[1].trim().replace(/^"(.*)"$/, "$1");
}

/** Figures each page must show in both languages (corrected or worked out). */
const pages: Record<string, { figures: string[]; correction?: boolean }> = {
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

for (const [slug, expected] of Object.entries(pages)) {
  for (const lang of ["zh-cn", "en"] as const) {
    const path = lang === "en" ? `/en/guides/${slug}/` : `/guides/${slug}/`;
    const other = lang === "en" ? `/guides/${slug}/` : `/en/guides/${slug}/`;
    test(`${path} loads with its title, language pair and figures`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title(lang, slug));
      await expect(page.locator("#lang-switch")).toHaveAttribute("href", other);
      const text = (await page.locator("main").textContent()) ?? "";
      for (const figure of expected.figures) expect(text, figure).toContain(figure);
      // Present in the page (some sit inside a closed FAQ <details>).
      if (expected.correction)
        expect(await page.locator("main .callout.warn").count()).toBeGreaterThan(0);
    });
  }
}

test("the seed's wrong figures appear only inside correction callouts", async ({ page }) => {
  for (const path of ["/guides/choosing-a-gpu/", "/en/guides/choosing-a-gpu/"]) {
    await page.goto(path);
    const outside = await page.locator("main").evaluate((main) => {
      const clone = main.cloneNode(true) as HTMLElement;
      clone.querySelectorAll(".callout.warn").forEach((el) => el.remove());
      return clone.textContent ?? "";
    });
    expect(outside).not.toMatch(/\b5 TFLOPS|\b1 TFLOPS|\b7 TFLOPS/);
  }
});
