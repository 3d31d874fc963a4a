/**
 * The answer reads at a glance (#24, item 7), in both languages (flows alternate): on a phone the front door's
 * top option stays in view while a field is edited, and on a wide screen the answer sits
 * beside the question; the "every GPU" link lands on the decision table; at a laptop's width
 * the table's verdict and price read whole; a phone shows the first five cards and a button
 * for the rest; the chart's labels never overlap; a returning visitor never sees the default
 * answer before their own. Expected values come from the page's geometry and hand-written
 * text, never from the engine.
 */
import type { Locator, Page } from "@playwright/test";
import { runAxe } from "./axe.ts";
import { expect, flow, test } from "./fixtures.ts";
import { engineReady, openCalculators, openHome, typeInto } from "./calculators/helpers.ts";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

const TEXT = {
  en: {
    full: "Full answer",
    every: "Every GPU, count and cost",
    showAll: /^Show all (\d+) options$/,
    showFewer: "Show the first 5 options",
    cheapest: "cheapest",
    fastest: "fastest",
    guide: "/en/guides/choosing-a-gpu/",
  },
  "zh-cn": {
    full: "完整答案",
    every: "所有 GPU、卡数和费用",
    showAll: /^显示全部 (\d+) 个选项$/,
    showFewer: "只显示前 5 个选项",
    cheapest: "最便宜",
    fastest: "最快",
    guide: "/guides/choosing-a-gpu/",
  },
} as const;

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
}

/** The rows a reader sees (a phone's cards), not those hidden until "show all". */
const visibleRows = (page: Page) =>
  page
    .locator('table[data-table="fit"] tbody tr')
    .evaluateAll((rows) => rows.filter((r) => r.checkVisibility()).length);

flow(
  "zh-cn",
  `phone: the top option stays in view while a field is edited`,
  async ({ page }, lang) => {
    const t = TEXT[lang];
    await page.setViewportSize(PHONE);
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "fine-tune");
    const tokens = page.locator("#fd-tokens");
    await tokens.scrollIntoViewIfNeeded();
    await typeInto(page, "#fd-tokens", "5e8");
    const glance = page.getByTestId("fd-glance");
    await expect(glance).toBeVisible();
    // The field being edited and the summary are both on screen.
    const g = await box(glance);
    expect(g.y).toBeGreaterThanOrEqual(0);
    expect(g.y + g.height).toBeLessThanOrEqual(PHONE.height + 1);
    const field = await box(tokens);
    expect(field.y + field.height).toBeLessThanOrEqual(g.y + 1);
    // It names the same option the full answer leads with, and links to that answer.
    const first = await page.locator('[data-testid="fd-answer"] li strong').first().innerText();
    await expect(glance).toContainText(first);
    const link = glance.getByRole("link", { name: t.full });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#fd-result$/);
    // The page may scroll there smoothly.
    await expect
      .poll(async () => {
        const answer = await box(page.getByTestId("fd-answer"));
        return answer.y >= 0 && answer.y < PHONE.height;
      })
      .toBe(true);
    expect((await runAxe(page)).violations).toEqual([]);
  },
);

flow("en", `desktop: the answer sits beside the question`, async ({ page }, lang) => {
  await page.setViewportSize(LAPTOP);
  await openHome(page, lang);
  await page.locator("#fd-title").evaluate((h) => h.scrollIntoView({ block: "start" }));
  const controls = await box(page.locator(".front-door .calc-controls"));
  const answer = await box(page.getByTestId("fd-answer"));
  expect(answer.x).toBeGreaterThanOrEqual(controls.x + controls.width);
  expect(answer.y).toBeLessThan(LAPTOP.height);
  expect(controls.y).toBeLessThan(LAPTOP.height);
  // Typing in the last field leaves the answer in view.
  await typeInto(page, "#fd-tokens", "2e9");
  const after = await box(page.getByTestId("fd-answer"));
  expect(after.y).toBeGreaterThanOrEqual(0);
  expect(after.y).toBeLessThan(LAPTOP.height);
  await expect(page.getByTestId("fd-glance")).toBeHidden();
});

flow("zh-cn", `the "every GPU" link lands on the decision table`, async ({ page }, lang) => {
  const t = TEXT[lang];
  await openHome(page, lang);
  const link = page.getByRole("link", { name: t.every });
  await expect(link).toHaveAttribute("href", `${t.guide}#gpu-table`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${t.guide}#gpu-table$`));
  await expect(page.locator('#gpu-table table[data-table="fit"]')).toHaveCount(1);
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const b = await box(page.locator("#gpu-table"));
      return b.y >= -1 && b.y < viewport.height / 2;
    })
    .toBe(true);
});

flow("en", `laptop: the table's verdict and price read whole`, async ({ page }, lang) => {
  await page.setViewportSize(LAPTOP);
  await openCalculators(page, lang, "gf");
  const verdicts = page.locator('table[data-table="fit"] td[data-k="verdict"]');
  expect(await verdicts.count()).toBeGreaterThan(5);
  const widths = await verdicts.evaluateAll((cells) =>
    cells.map((c) => c.getBoundingClientRect().width),
  );
  for (const w of widths) expect(w).toBeGreaterThanOrEqual(160);
  const clipped = await page
    .locator('table[data-table="fit"] td[data-k="price"]')
    .evaluateAll((cells) =>
      cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent),
    );
  expect(clipped).toEqual([]);
  // The table scrolls in its box and the GPU column stays put while it does.
  const head = page.locator('table[data-table="fit"] tbody th[scope="row"]').first();
  await expect(head).toHaveCSS("position", "sticky");
  const scroller = page.locator(`.calc-scroll:has(table[data-table="fit"])`);
  const before = await box(head);
  await scroller.evaluate((s) => (s.scrollLeft = 300));
  const after = await box(head);
  expect(Math.abs(after.x - before.x)).toBeLessThan(1);
});

flow("zh-cn", `phone: the first five cards, then "show all"`, async ({ page }, lang) => {
  const t = TEXT[lang];
  await page.setViewportSize(PHONE);
  await openCalculators(page, lang, "gf");
  const rows = await page.locator('table[data-table="fit"] tbody tr').count();
  expect(rows).toBeGreaterThan(5);
  await expect.poll(() => visibleRows(page)).toBe(5);
  const button = page.getByRole("button", { name: t.showAll });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  const count = Number(t.showAll.exec(await button.innerText())?.[1]);
  expect(count).toBe(rows);
  await button.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => visibleRows(page)).toBe(rows);
  const fewer = page.getByRole("button", { name: t.showFewer });
  await expect(fewer).toHaveAttribute("aria-expanded", "true");
  await expect(fewer).toBeFocused();
  await page.keyboard.press("Space");
  await expect.poll(() => visibleRows(page)).toBe(5);
  expect((await runAxe(page)).violations).toEqual([]);
});

flow("en", `laptop: every card's row shows, and no button`, async ({ page }, lang) => {
  await page.setViewportSize(LAPTOP);
  await openCalculators(page, lang, "gf");
  const rows = await page.locator('table[data-table="fit"] tbody tr').count();
  await expect.poll(() => visibleRows(page)).toBe(rows);
  await expect(page.locator(".calc-show-all")).toBeHidden();
});

// Labels differ in width by language (CJK glyphs are wider), so this one runs in both.
for (const lang of ["en", "zh-cn"] as const)
  for (const size of [PHONE, LAPTOP])
    test(`the chart's labels never overlap at ${size.width} px (${lang})`, async ({ page }) => {
      const t = TEXT[lang];
      await page.setViewportSize(size);
      await openCalculators(page, lang, "gf");
      await page.locator(".calc-plan-chart > summary").click();
      // The chart is drawn once opened (with the engine, on a page as built).
      await expect(page.locator('figure[data-chart="plan"] svg')).toBeVisible();
      const texts = page.locator('figure[data-chart="plan"] svg text');
      const all = await texts.evaluateAll((els) => els.map((e) => e.textContent ?? ""));
      expect(all.some((s) => s.startsWith(t.cheapest))).toBe(true);
      expect(all.some((s) => s.startsWith(t.fastest))).toBe(true);
      const boxes = await texts.evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { text: e.textContent, x: r.x, y: r.y, w: r.width, h: r.height };
        }),
      );
      for (const b of boxes) expect(b.h, `${b.text} is readable`).toBeGreaterThanOrEqual(10);
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) {
          const apart =
            a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true);
        }
      // Every label inside the picture.
      const svg = await box(page.locator('figure[data-chart="plan"] svg'));
      for (const b of boxes) {
        expect(b.x).toBeGreaterThanOrEqual(svg.x - 1);
        expect(b.x + b.w).toBeLessThanOrEqual(svg.x + svg.width + 1);
      }
    });

flow(
  "zh-cn",
  `print: the full answer and every row, no summary or button`,
  async ({ page }, lang) => {
    await page.setViewportSize(PHONE);
    await openHome(page, lang);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("fd-glance")).toBeHidden();
    await expect(page.getByTestId("fd-answer")).toBeVisible();
    await openCalculators(page, lang, "gf");
    await page.emulateMedia({ media: "print" });
    const rows = await page.locator('table[data-table="fit"] tbody tr').count();
    await expect.poll(() => visibleRows(page)).toBe(rows);
    await expect(page.locator(".calc-show-all")).toBeHidden();
  },
);

flow("en", `a returning visitor never sees the default answer first`, async ({ page }, lang) => {
  await openHome(page, lang);
  await page.selectOption("#fd-goal", "serve");
  await engineReady(page);
  const mine = await page.getByTestId("fd-answer").innerText();
  await expect
    .poll(() => page.evaluate(() => Object.values(localStorage).join(" ")))
    .toContain("inference");
  // Every frame of the next visit: what the answer shows, if anything, else whether some
  // text says it is coming.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const look = () => {
      // A frame drawn while the parser is still inside the front door's markup (its
      // answer box not parsed yet) shows neither answer: only judge whole markup.
      if (!document.querySelector(".front-door .fd-result")) {
        requestAnimationFrame(look);
        return;
      }
      const answer = document.querySelector<HTMLElement>('[data-testid="fd-answer"]');
      const pending = [
        ...document.querySelectorAll<HTMLElement>(
          ".front-door .calc-pending, .front-door [role=status]",
        ),
      ].some((p) => p.checkVisibility({ visibilityProperty: true }) && p.innerText.trim());
      if (answer?.checkVisibility({ visibilityProperty: true })) seen.push(answer.innerText);
      else if (document.querySelector(".front-door")) seen.push(pending ? "pending" : "blank");
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await openHome(page, lang);
  await expect.poll(() => page.getByTestId("fd-answer").innerText()).toBe(mine);
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen.length).toBeGreaterThan(0);
  expect(new Set(seen.filter((s) => s !== "pending"))).toEqual(new Set([mine]));
});
