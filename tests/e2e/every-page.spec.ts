/**
 * Every built page, in both languages, visited once: the JavaScript it loads read to its end
 * and no sideways scroll on a 390 px phone; on one page of each template (the layout, its
 * islands and the kinds of structure its content uses), axe (every default rule and
 * label-in-name) in the light and the dark scheme. Each page opens at phone width and is read
 * to its end, so every island has hydrated before the width, the scripts and axe are looked
 * at. Its policy meta elements are read from dist/ (`tests/dist/policy.test.ts`). A failed check does not stop the
 * others: each is a soft assertion in its own step, so one run names every problem.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { devices } from "@playwright/test";
import { JAVASCRIPT_LIMIT_BYTES } from "../../src/build/page-weight.ts";
import { EXTRA_RULES, runAxe, violationLines } from "./axe.ts";
import { builtPages, onePerTemplate } from "../dist/built-pages.ts";
import { calculatorStrings } from "../../src/i18n/calculators.ts";
import { expect, hydrateIslands, test } from "./fixtures.ts";

const DIST = join(import.meta.dirname, "../../dist");
const PHONE = { width: 390, height: 844 };
const DESKTOP = devices["Desktop Chrome"].viewport;

const pages = builtPages();

/** Every message key of the calculators: shown as text, one is a word the page failed to say. */
const KEYS = new Set(Object.keys(calculatorStrings("en")));

/** Message keys and "NaN"/"undefined" in a page's visible text, each with its surroundings. */
async function rawText(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  return [...text.matchAll(/\b(?:NaN|undefined|[A-Za-z][\w-]*(?:\.[\w-]+)+)\b/g)]
    .filter((m) => m[0] === "NaN" || m[0] === "undefined" || KEYS.has(m[0]))
    .map((m) => `${m[0]} in "${text.slice(Math.max(0, m.index - 40), m.index + 40)}"`);
}

/** axe runs on one page of each template (`tests/dist/built-pages.ts`), in both schemes. */
const axePages = new Set(onePerTemplate(pages));

test("axe, as every page runs it, runs every default rule and label-in-name, and finds a fault", async ({
  page,
}) => {
  await page.goto("/en/");
  const results = await runAxe(page);
  const ran = [
    ...results.passes,
    ...results.violations,
    ...results.incomplete,
    ...results.inapplicable,
  ].map((r) => r.id);
  for (const id of EXTRA_RULES) expect(ran).toContain(id);
  // Every rule axe enables by default ran: none was switched off.
  const defaults = await page.evaluate(() =>
    (window as unknown as { axe: { getRules: () => { ruleId: string; enabled: boolean }[] } }).axe
      .getRules()
      .filter((r) => r.enabled)
      .map((r) => r.ruleId),
  );
  for (const id of defaults) expect(ran).toContain(id);
  // And a second run on the same page reports what is wrong on it now: every node of it.
  await page.evaluate(() => {
    for (const n of [1, 2]) {
      const img = document.createElement("img");
      img.id = `no-alt-${n}`;
      document.querySelector("main")?.append(img);
    }
  });
  expect(violationLines(await runAxe(page))).toEqual([
    expect.stringMatching(/^image-alt: .*\(#no-alt-1, #no-alt-2\)$/),
  ]);
});

/**
 * Our scripts the page requests (`/_astro/*.js`: entries, their static imports and chunks
 * loaded on demand), and a wait until every request the page has started has finished.
 */
function recordScripts(page: Page) {
  const scripts = new Set<string>();
  let inFlight = 0;
  page.on("request", (r) => {
    inFlight += 1;
    const url = new URL(r.url());
    if (url.pathname.startsWith("/_astro/") && url.pathname.endsWith(".js"))
      scripts.add(url.pathname);
  });
  const done = () => (inFlight -= 1);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    scripts,
    settled: () => expect.poll(() => inFlight, { message: "requests still loading" }).toBe(0),
  };
}

/** The element that sticks out furthest to the right of the viewport, if any. */
function sideways(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const result = { scrollWidth: root.scrollWidth, clientWidth: width, widest: "" };
    // Nothing scrolls sideways: no culprit to name. (The search reads every element's
    // ancestors' styles, seconds on the longest pages, so it runs only to explain a failure.)
    if (result.scrollWidth <= width) return result;
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
    return { ...result, widest };
  });
}

test.describe("every page", () => {
  test.describe.configure({ mode: "parallel", timeout: 180_000 });

  for (const path of pages) {
    test(path, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: "light" });
      const loaded = recordScripts(page);
      await page.goto(path);
      // Read to the end: every island brought into view, so each one hydrates.
      await hydrateIslands(page);
      await loaded.settled();

      await test.step("JavaScript read to the end", async () => {
        const files = [...loaded.scripts];
        const bytes = files.reduce(
          (sum, f) => sum + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length,
          0,
        );
        const islands = await page.locator("astro-island").count();
        console.log(`${path}: ${bytes} B gz in ${files.length} files (${islands} islands)`);
        // Read to its end, a page with islands stays within the contract the build checks
        // (src/build/page-weight.ts): nothing it counts as loaded on demand (the engine) loads
        // without a reader's action. A prose page loads none of ours.
        const limit = islands ? JAVASCRIPT_LIMIT_BYTES : 0;
        expect.soft(bytes, files.join(", ")).toBeLessThanOrEqual(limit);
      });

      await test.step("no message key, NaN or undefined shown", async () => {
        expect.soft(await rawText(page)).toEqual([]);
      });

      await test.step("390 px phone: no sideways scroll", async () => {
        const { scrollWidth, clientWidth, widest } = await sideways(page);
        expect.soft(scrollWidth, widest).toBeLessThanOrEqual(clientWidth);
      });

      if (!axePages.has(path)) return;
      await page.setViewportSize(DESKTOP);
      for (const scheme of ["light", "dark"] as const) {
        await test.step(`axe (${scheme})`, async () => {
          await page.emulateMedia({ colorScheme: scheme });
          expect.soft(violationLines(await runAxe(page))).toEqual([]);
        });
      }
    });
  }
});
