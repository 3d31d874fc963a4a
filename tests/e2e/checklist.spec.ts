/**
 * The printable checklists: tick, survive a reload, progress, reset, Markdown export,
 * bad stored data, keyboard use and print, in both languages.
 */
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test, testsInTurn } from "./fixtures.ts";

const cases = [
  {
    lang: "zh-cn",
    path: "/guides/pre-rental-checklist/",
    group: "软件兼容性",
    reset: "清空",
    export: "导出为 Markdown",
    progress: (n: number) => `已勾选 ${n} / 5`,
    markdown:
      "## 软件兼容性\n\n" +
      "- [x] 确认驱动版本：`nvidia-smi` 表头的 Driver Version 与 CUDA Version\n" +
      "- [ ] 确认框架实际使用的运行时：`torch.version.cuda`、`torch.cuda.is_available()`（AMD 卡看 ROCm 版本）\n" +
      "- [ ] 框架及关键依赖（flash-attn、bitsandbytes、vLLM 等）的版本与本地测试一致\n" +
      "- [x] 选定系统镜像（操作系统、Python、预装框架），并记下镜像名称或版本\n" +
      "- [ ] 确认显卡架构支持要用的精度和算子（例如 T4、V100 不支持 BF16）\n",
    driverLabel: "确认驱动版本",
    nodeGroup: "核对拿到的节点",
    goodLabel: "正常结果：",
  },
  {
    lang: "en",
    path: "/en/guides/pre-rental-checklist/",
    group: "Software compatibility",
    reset: "Reset",
    export: "Export as Markdown",
    progress: (n: number) => `${n} / 5 checked`,
    markdown:
      "## Software compatibility\n\n" +
      "- [x] Check the driver: Driver Version and CUDA Version in the `nvidia-smi` header\n" +
      "- [ ] Check the runtime the framework actually uses: `torch.version.cuda`, `torch.cuda.is_available()` (ROCm version on AMD)\n" +
      "- [ ] Framework and key extensions (flash-attn, bitsandbytes, vLLM …) at the versions you tested locally\n" +
      "- [x] Pick the system image (OS, Python, preinstalled framework) and note its name or version\n" +
      "- [ ] Check that the GPU architecture supports the precision and kernels you need (T4 and V100 have no BF16)\n",
    driverLabel: "Check the driver",
    nodeGroup: "Check the node you got",
    goodLabel: "Good answer:",
  },
] as const;

/** The commands the node check must show, with the flags as NVIDIA documents them. */
const NODE_COMMANDS = [
  "nvidia-smi --query-gpu=name,memory.total --format=csv",
  "nvidia-smi topo -m",
  "nvidia-smi --query-gpu=pcie.link.gen.current,pcie.link.width.current --format=csv",
  "nproc",
  "free -g",
  "nvidia-smi -q -d POWER,PERFORMANCE",
  "dmesg | grep -i xid",
  "nvidia-smi -q -d ECC",
  "nvidia-smi -L",
] as const;
const NODE_CHECK_COUNT = 8;

/** Pages in a PDF: Chromium writes one `/Type /Page` object per page (and one `/Pages`). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
}

/** The checklist group, scrolled into view and hydrated (its buttons enabled). */
async function openChecklist(page: Page, c: { group: string; reset: string }): Promise<Locator> {
  const group = page.getByRole("group", { name: c.group });
  await group.scrollIntoViewIfNeeded();
  await expect(group.getByRole("button", { name: c.reset })).toBeEnabled();
  return group;
}

const box = (group: Locator, item: string) =>
  group.locator(`input[type=checkbox][data-item="${item}"]`);

type Case = (typeof cases)[number];

/**
 * Each flow runs once, in one language, the flows alternating between the two pages; the
 * Markdown export and the printed length run in both, since each language has its own text
 * and its own length on paper.
 */
const inTurn = testsInTurn(cases);
function inBoth(
  title: string,
  body: (fixtures: { page: Page; context: BrowserContext }, c: Case) => Promise<void>,
): void {
  for (const c of cases)
    test(`${title} (${c.lang})`, async ({ page, context }) => body({ page, context }, c));
}

inTurn("renders a real list of labelled checkboxes before hydration", async ({ page }, c) => {
  await page.goto(c.path);
  const group = page.getByRole("group", { name: c.group });
  await expect(group.getByRole("checkbox")).toHaveCount(5);
  await expect(group.getByRole("listitem")).toHaveCount(5);
  await expect(group.getByRole("checkbox", { name: new RegExp(c.driverLabel) })).toBeVisible();
});

inTurn("ticks survive a reload and the progress follows", async ({ page }, c) => {
  await page.goto(c.path);
  let group = await openChecklist(page, c);
  const progress = group.locator(".checklist-progress");
  await expect(progress).toHaveText(c.progress(0));
  await expect(progress).toHaveAttribute("aria-live", "polite");
  await box(group, "driver").check();
  await expect(progress).toHaveText(c.progress(1));
  await box(group, "image").check();
  await expect(progress).toHaveText(c.progress(2));

  await page.reload();
  group = await openChecklist(page, c);
  await expect(box(group, "driver")).toBeChecked();
  await expect(box(group, "image")).toBeChecked();
  await expect(box(group, "runtime")).not.toBeChecked();
  await expect(group.locator(".checklist-progress")).toHaveText(c.progress(2));
});

inTurn("reset clears this checklist only, and stays cleared", async ({ page }, c) => {
  await page.goto(c.path);
  let group = await openChecklist(page, c);
  await box(group, "driver").check();
  await box(group, "runtime").check();
  const storage = page.getByRole("group", {
    name: c.lang === "en" ? "Storage performance" : "存储性能",
  });
  await storage.scrollIntoViewIfNeeded();
  await expect(storage.getByRole("button", { name: c.reset })).toBeEnabled();
  await box(storage, "disk-type").check();

  await group.scrollIntoViewIfNeeded();
  await group.getByRole("button", { name: c.reset }).click();
  await expect(group.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(group.locator(".checklist-progress")).toHaveText(c.progress(0));
  await expect(group.getByRole("status")).not.toBeEmpty();
  await expect(box(storage, "disk-type")).toBeChecked();

  await page.reload();
  group = await openChecklist(page, c);
  await expect(group.getByRole("checkbox", { checked: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("checklist:software"))).toBeNull();
});

inBoth(
  "export copies exactly the expected Markdown and offers a download",
  async ({ page, context }, c) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(c.path);
    const group = await openChecklist(page, c);
    await box(group, "driver").check();
    await box(group, "image").check();
    await group.getByRole("button", { name: c.export }).click();
    await expect(group.getByRole("status")).toContainText(c.group);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(c.markdown);

    const link = group.getByRole("link", { name: /checklist-software\.md/ });
    await expect(link).toHaveAttribute("download", "checklist-software.md");
    const href = (await link.getAttribute("href")) ?? "";
    expect(decodeURIComponent(href.replace(/^data:text\/markdown;charset=utf-8,/, ""))).toBe(
      c.markdown,
    );
  },
);

inTurn("corrupted or old stored data reads as nothing ticked", async ({ page }, c) => {
  for (const bad of ["{not json", '["driver","image"]', '{"v":99,"checked":["driver"]}', "null"]) {
    await page.goto(c.path);
    await page.evaluate((value) => localStorage.setItem("checklist:software", value), bad);
    await page.reload();
    const group = await openChecklist(page, c);
    await expect(group.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await expect(group.locator(".checklist-progress")).toHaveText(c.progress(0));
    await box(group, "image").check();
    await expect(group.locator(".checklist-progress")).toHaveText(c.progress(1));
    await group.getByRole("button", { name: c.reset }).click();
  }
  // The fixture fails the test on any console or page error.
});

inTurn("keyboard only: Tab reaches a checkbox and Space ticks it", async ({ page }, c) => {
  await page.goto(c.path);
  const group = await openChecklist(page, c);
  await box(group, "driver").focus();
  await page.keyboard.press("Tab");
  await expect(box(group, "runtime")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(box(group, "runtime")).toBeChecked();
  await expect(group.locator(".checklist-progress")).toHaveText(c.progress(1));
});

inTurn("print shows the boxes and labels without chrome or buttons", async ({ page }, c) => {
  await page.goto(c.path);
  const group = await openChecklist(page, c);
  await box(group, "driver").check();
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".sidebar")).toBeHidden();
  await expect(page.getByRole("button", { name: c.reset })).toHaveCount(0); // hidden: no role
  await expect(page.locator(".checklist-tools").first()).toBeHidden();
  await expect(box(group, "driver")).toBeVisible();
  await expect(box(group, "driver")).toBeChecked();
  await expect(group.locator("label").first()).toBeVisible();
  // On paper the heading above names the group; its legend would repeat it.
  await expect(page.getByRole("heading", { level: 2, name: c.group })).toBeVisible();
  // Boxes to tick by hand: an empty square with a border, not a screen control.
  const paperBox = await box(group, "runtime").evaluate((el) => {
    const style = getComputedStyle(el);
    return { appearance: style.appearance, border: style.borderTopStyle };
  });
  expect(paperBox).toEqual({ appearance: "none", border: "solid" });
  // A group may continue on the next sheet, an item never splits, a heading never
  // ends a sheet, and the intro before a list stays with it.
  for (const item of await group.getByRole("listitem").all())
    expect(await item.evaluate((el) => getComputedStyle(el).breakInside)).toBe("avoid");
  for (const heading of await page.locator("main h2").all())
    expect(await heading.evaluate((el) => getComputedStyle(el).breakAfter)).toBe("avoid");
  const intro = page.locator("main p:has(+ .checklist-wrap)").first();
  expect(await intro.evaluate((el) => getComputedStyle(el).breakAfter)).toBe("avoid");
  // Notes about this browser (saved ticks, export, printing) are for the screen only.
  await expect(page.locator("main .no-print").first()).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(page.locator("main .no-print").first()).toBeVisible();
});

inBoth("prints on at most two A4 sheets", async ({ page }, c) => {
  await page.goto(c.path);
  // Hydrate every list first: the printed page is the one a reader has in front of them.
  for (const island of await page.locator("astro-island").all())
    await island.scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator("astro-island[ssr]").count()).toBe(0);
  const pdf = await page.pdf({ format: "A4" });
  expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(1);
  expect(pdfPageCount(pdf)).toBeLessThanOrEqual(2);
});

inTurn(
  "the node check lists each command with what a good answer looks like",
  async ({ page }, c) => {
    await page.goto(c.path);
    const group = await openChecklist(page, { ...c, group: c.nodeGroup });
    const items = group.getByRole("listitem");
    await expect(items).toHaveCount(NODE_CHECK_COUNT);
    const commands = await group.locator("label code").allInnerTexts();
    for (const command of NODE_COMMANDS) expect(commands).toContain(command);
    for (const item of await items.all()) {
      // The good answer is read out with the checkbox, labelled in the page's language.
      await expect(item.getByRole("checkbox")).toHaveAccessibleDescription(new RegExp(c.goodLabel));
      await expect(item.locator(".checklist-good")).toContainText(c.goodLabel);
    }
    await expect(group.locator(".checklist-good").first()).toContainText("4090 D");
  },
);

test("storage that refuses writes keeps ticks for the page view without errors", async ({
  page,
}) => {
  await page.addInitScript(() => {
    // Fill localStorage to its quota so every later write throws QuotaExceededError.
    try {
      localStorage.clear();
      const chunk = "x".repeat(512 * 1024);
      for (let i = 0; i < 100; i++) localStorage.setItem(`fill-${i}`, chunk);
    } catch {
      // The quota is reached: exactly the state this test needs.
    }
  });
  await page.goto("/en/guides/pre-rental-checklist/");
  const c = cases[1];
  const group = await openChecklist(page, c);
  await box(group, "driver").check();
  await expect(box(group, "driver")).toBeChecked();
  await expect(group.locator(".checklist-progress")).toHaveText(c.progress(1));
  await group.getByRole("button", { name: c.reset }).click();
  await expect(box(group, "driver")).not.toBeChecked();
});

test("storage that cannot be opened at all still gives a working checklist", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  await page.goto("/guides/pre-rental-checklist/");
  const c = cases[0];
  const group = await openChecklist(page, c);
  await box(group, "image").check();
  await expect(group.locator(".checklist-progress")).toHaveText(c.progress(1));
});
