import { expect, test } from "./fixtures.ts";

for (const { path, open, label, catalogPath } of [
  { path: "/", open: "搜索", label: "搜索指南", catalogPath: "/gpus/" },
  { path: "/en/", open: "Search", label: "Search the guides", catalogPath: "/en/gpus/" },
]) {
  test(`search finds the catalog page by a GPU name (${path})`, async ({ page }) => {
    const pagefindRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/pagefind/")) pagefindRequests.push(r.url());
    });
    await page.goto(path);
    // Pagefind loads only when a search runs: not with the page, not when the header's script
    // has enabled the search button.
    const opener = page.getByRole("button", { name: open });
    await expect(opener).toBeEnabled();
    expect(pagefindRequests).toEqual([]);
    await opener.click();
    const input = page.getByRole("searchbox", { name: label });
    await expect(input).toBeFocused();
    await input.fill("L40S");
    const result = page.locator(`#search-results a[href="${catalogPath}"]`);
    await expect(result).toBeVisible();
    expect(pagefindRequests.length).toBeGreaterThan(0);
    // Results come from the page's own language only.
    const hrefs = await page
      .locator("#search-results a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    for (const href of hrefs) expect(href.startsWith("/en/")).toBe(path === "/en/");
    await result.click();
    await expect(page).toHaveURL(catalogPath);
  });
}
