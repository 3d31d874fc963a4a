/**
 * Every built page, in both languages, fits a 390 px phone screen once every island has
 * hydrated: nothing makes the page itself scroll sideways. Wide tables scroll inside their
 * own box with the first column kept in view; inputs and file pickers wrap.
 */
import type { Page } from "@playwright/test";
import { builtPages, expect, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "parallel" });

/** Brings every island into view so each hydrates, then waits until none is left unhydrated. */
async function hydrateEveryIsland(page: Page): Promise<void> {
  for (const island of await page.locator("astro-island").all()) {
    await island.scrollIntoViewIfNeeded();
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.locator("astro-island[ssr]").count()).toBe(0);
  await page.waitForLoadState("networkidle");
}

const pages = builtPages();

test("the phone check covers pages in both languages", () => {
  expect(pages.filter((p) => p.startsWith("/en/")).length).toBeGreaterThan(10);
  expect(pages.filter((p) => !p.startsWith("/en/")).length).toBeGreaterThan(10);
});

for (const path of pages) {
  test(`390 px, no sideways scroll: ${path}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await hydrateEveryIsland(page);
    const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const width = root.clientWidth;
      // Name the element that sticks out, so a failure says where to look.
      let widest = "";
      let right = width;
      const clipped = (el: Element): boolean => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== "visible") return true;
        }
        return false;
      };
      for (const el of document.body.querySelectorAll("*")) {
        const box = el.getBoundingClientRect();
        if (clipped(el)) continue;
        if (box.right > right + 0.5) {
          right = box.right;
          widest = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} → ${Math.round(box.right)} px`;
        }
      }
      return { scrollWidth: root.scrollWidth, clientWidth: width, widest };
    });
    expect(scrollWidth, widest).toBeLessThanOrEqual(clientWidth);
  });
}
