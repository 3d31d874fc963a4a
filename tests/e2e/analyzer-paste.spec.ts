/**
 * Pasting a log into the analyzer's text box: a paste too long for a text box is kept out of
 * it and parsed in the analyzer's worker like a dropped file (the timing on the Chinese page,
 * Ctrl+V on the English one). A 40 MB paste once froze the tab for 88-130 s (the text box
 * laying out the text); now no main-thread task reaches 200 ms (Chromium's long-task entries)
 * while it is handed over, parsed and shown.
 *
 * The 40 MB paste is the browser's paste event with the text in its DataTransfer, as Chromium
 * delivers it; reading the system clipboard before that event is the browser's own work (a
 * real Ctrl+V of 40 MB takes Chromium 2-3 s in this headless setup, before any page code
 * runs), so the timing test starts from the event. The second test pastes through the real
 * clipboard with Ctrl+V.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { longTasks, recordLongTasks } from "./long-tasks.ts";

const LONG_TASK_LIMIT_MS = 200;
const PASTE_MIB = 40;

/** Two GPUs interleaved, one line per GPU per second, `mib` MiB of text: builds it in the page. */
async function makeLog(page: Page, mib: number): Promise<number> {
  return page.evaluate((mib) => {
    const lines = [
      "timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%], power.draw [W]",
    ];
    const t0 = Date.UTC(2024, 4, 1, 12) / 1000;
    let size = (lines[0] ?? "").length;
    for (let i = 0; size < mib * 1024 * 1024; i++) {
      const d = new Date((t0 + Math.floor(i / 2)) * 1000)
        .toISOString()
        .replace("T", " ")
        .replace("Z", "")
        .replace(/-/g, "/");
      // Warm-up over the first 200 lines, then a steady 40,000-40,006 MiB.
      const mem = i < 200 ? 2000 + i * 100 : 40000 + (i % 7);
      const line = `${d}, ${i % 2}, NVIDIA A100-SXM4-80GB, ${mem} MiB, 81920 MiB, ${i < 200 ? 20 : 90 + (i % 5)} %, 300.00 W`;
      lines.push(line);
      size += line.length + 1;
    }
    const text = lines.join("\n");
    const dt = new DataTransfer();
    dt.setData("text/plain", text);
    (window as unknown as { pasteData: DataTransfer }).pasteData = dt;
    return text.length;
  }, mib);
}

// In Chinese: its tables are the slower to lay out (a CJK font's glyphs), so a long task would
// show there first; the English words are proven at unit level (tests/unit/i18n/).
const c = { path: "/guides/analyze-a-run/", taken: `已粘贴 ${PASTE_MIB} MiB`, locale: "zh-CN" };

test(`a pasted ${PASTE_MIB} MB log is parsed in the worker with no long task (${c.locale})`, async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(c.path);
  const island = page.locator("section.an");
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-hydrated", "true");
  const chars = await makeLog(page, PASTE_MIB);
  expect(chars).toBeGreaterThanOrEqual(PASTE_MIB * 1024 * 1024);
  await recordLongTasks(page);
  await page.evaluate(() => {
    const box = document.querySelector("#an-a-paste");
    const clipboardData = (window as unknown as { pasteData: DataTransfer }).pasteData;
    box?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByTestId("an-a-msg")).toContainText(c.taken);
  await expect(page.locator("#an-a-paste")).toHaveValue("");
  const rows = page.getByTestId("gpu-table").locator("tbody tr");
  await expect(rows).toHaveCount(2, { timeout: 150_000 });
  // The steady state's peak: 40,000 + 6 MiB (lines cycle through i % 7).
  await expect(rows.first().locator('[data-k="peak"]')).toHaveText(
    new Intl.NumberFormat(c.locale).format(40_006),
  );
  const tasks = await longTasks(page);
  const longest = tasks.reduce((m, x) => Math.max(m, x), 0);
  console.log(`${c.locale}: ${PASTE_MIB} MiB paste, longest main-thread task ${longest} ms`);
  expect(longest).toBeLessThan(LONG_TASK_LIMIT_MS);
});

test("Ctrl+V of a long log: the box stays empty and the worker analyses it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/en/guides/analyze-a-run/");
  const island = page.locator("section.an");
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-hydrated", "true");
  await makeLog(page, 1);
  await page.evaluate(() =>
    navigator.clipboard.writeText(
      (window as unknown as { pasteData: DataTransfer }).pasteData.getData("text/plain"),
    ),
  );
  await page.locator("#an-a-paste").focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(page.getByTestId("an-a-msg")).toContainText("Pasted 1 MiB");
  await expect(page.locator("#an-a-paste")).toHaveValue("");
  await expect(page.getByTestId("gpu-table").locator("tbody tr")).toHaveCount(2);
  // A short paste stays in the box, to edit and analyse with the button.
  await page.evaluate(() => navigator.clipboard.writeText("timestamp, index\n"));
  await page.keyboard.press("ControlOrMeta+V");
  await expect(page.locator("#an-a-paste")).toHaveValue("timestamp, index\n");
});
