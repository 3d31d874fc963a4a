import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures.ts";

const DIST = join(import.meta.dirname, "../../dist");

test("the home page is Chinese at / and English at /en/", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "租 GPU 之前，先把算力需求算清楚",
  );
  await page.goto("/en/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Size a GPU rental before you pay for it",
  );
});

test("the language switch lands on the same page in the other language", async ({ page }) => {
  for (const [from, to] of [
    ["/", "/en/"],
    ["/en/", "/"],
    ["/gpus/", "/en/gpus/"],
    ["/en/gpus/", "/gpus/"],
    ["/guides/", "/en/guides/"],
    ["/guides/why-estimate/", "/en/guides/why-estimate/"],
    ["/en/guides/why-estimate/", "/guides/why-estimate/"],
  ] as const) {
    await page.goto(from);
    await page.locator("#lang-switch").click();
    await expect(page).toHaveURL(to);
  }
});

test("every guide page links to its neighbours and its pair", () => {
  // Read from the built pages: the index, the pager and the language switch are plain links.
  const html = (path: string) => readFileSync(join(DIST, path, "index.html"), "utf8");
  const main = /<main[\s\S]*?<\/main>/.exec(html("/guides/"))?.[0] ?? "";
  const links = [...main.matchAll(/<a [^>]*href="(\/guides\/[^"#]+)"/g)].map((m) => m[1] ?? "");
  expect(links.length).toBeGreaterThan(10);
  // The index lists the guides in reading order; the pager walks the same order.
  for (const [i, href] of links.entries()) {
    const page = html(href);
    const attr = (re: RegExp) => re.exec(page)?.[1];
    expect(attr(/<a [^>]*href="([^"]+)"[^>]*id="lang-switch"/), href).toBe(`/en${href}`);
    expect(attr(/<a [^>]*href="([^"]+)" rel="prev"/), href).toBe(links[i - 1]);
    expect(attr(/<a [^>]*href="([^"]+)" rel="next"/), href).toBe(links[i + 1]);
  }
});

test("the theme toggle switches, persists across reloads and pages", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "深色主题" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  const background = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(await background()).toBe("rgb(17, 20, 24)");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.goto("/en/gpus/");
  await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await background()).toBe("rgb(17, 20, 24)");
});

test("the skip link moves focus to the content", async ({ page }) => {
  await page.goto("/en/gpus/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
});

test("an unknown address shows the 404 page", async ({ page, pageProblems }) => {
  const response = await page.goto("/no-such-page/");
  expect(response?.status()).toBe(404);
  // The browser logs the 404 status itself; that one message is the point of this test.
  expect(pageProblems).toEqual([expect.stringContaining("404 (Not Found)")]);
  pageProblems.length = 0;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("页面不存在");
  await page.goto("/en/404/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("print hides navigation chrome", async ({ page }) => {
  await page.goto("/en/guides/why-estimate/");
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".sidebar")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the site works on a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/guides/why-estimate/");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The guide list follows the content on a phone, so the page starts with the article.
  const nav = page.getByRole("navigation", { name: "指南目录" });
  const navTop = await nav.evaluate((el) => el.getBoundingClientRect().top);
  const headingTop = await page
    .getByRole("heading", { level: 1 })
    .evaluate((el) => el.getBoundingClientRect().top);
  expect(navTop).toBeGreaterThan(headingTop);
  await nav.scrollIntoViewIfNeeded();
  await expect(nav.getByRole("link", { name: "为什么要先估算" })).toBeVisible();
});
