import { expect, test } from "./fixtures.ts";

for (const { path, open, label, catalogPath } of [
  { path: "/", open: "搜索", label: "搜索指南", catalogPath: "/gpus/" },
  { path: "/en/", open: "Search", label: "Search the guides", catalogPath: "/en/gpus/" },
]) {
  test(`search finds the catalog page by a GPU name (${path})`, async ({ page }) => {
    await page.goto(path);
    const pagefindRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/pagefind/")) pagefindRequests.push(r.url());
    });
    // Pagefind loads only when the search is opened.
    await page.waitForLoadState("networkidle");
    expect(pagefindRequests).toEqual([]);
    await page.getByRole("button", { name: open }).click();
    const input = page.getByRole("searchbox", { name: label });
    await expect(input).toBeFocused();
    await input.fill("L40S");
    const result = page.locator("#search-results a", { hasText: /GPU/ }).first();
    await expect(result).toHaveAttribute("href", catalogPath);
    expect(pagefindRequests.length).toBeGreaterThan(0);
    await result.click();
    await expect(page).toHaveURL(catalogPath);
  });
}
