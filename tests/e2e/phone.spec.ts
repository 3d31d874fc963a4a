/**
 * Every built page, in both languages, fits a 390 px phone screen once every island has
 * hydrated: nothing makes the page itself scroll sideways. Wide tables scroll inside their
 * own box with the first column kept in view; inputs and file pickers wrap.
 */
import { builtPages, expect, hydrateIslands, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "parallel" });

const pages = builtPages();

test("the phone check covers pages in both languages", () => {
  expect(pages.filter((p) => p.startsWith("/en/")).length).toBeGreaterThan(10);
  expect(pages.filter((p) => !p.startsWith("/en/")).length).toBeGreaterThan(10);
});

for (const path of pages) {
  test(`390 px, no sideways scroll: ${path}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await hydrateIslands(page);
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
