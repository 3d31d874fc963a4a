/**
 * The main thread's long tasks (Long Tasks API: tasks over 50 ms), recorded from a point in
 * a page's life: what the "no long task" browser tests hold to their limit.
 */
import type { Page } from "@playwright/test";

/** Starts recording long tasks on the page as it is now. */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
    }).observe({ type: "longtask", buffered: false });
  });
}

/** Durations of the long tasks since `recordLongTasks`, in ms, once the page has settled. */
export async function longTasks(page: Page): Promise<number[]> {
  // Two frames later every task the last action caused has ended and been reported.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  return page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
}
