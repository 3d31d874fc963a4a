/**
 * Reading and acting on the decision table (issue 17, items 6 and 8), in both languages (flows alternate):
 * a row opens the total-cost page as itself (its GPU, count, price and every billed hour,
 * none of the page's example left) and a served row opens the inference page at its own
 * GPU, group and users per copy, from the table and from the front door; the less-used
 * columns wait behind a box; a row that misses the deadline says so beside its GPU; the
 * options drawn as cost against hours mark the cheapest and the fastest the table lists.
 * The table first shows as built (no engine): its links, box and chart work on it, and what
 * the reader set there stays when the engine's table takes its place.
 */
import type { Page } from "@playwright/test";
import { expect, flow } from "./fixtures.ts";
import type { Lang } from "./calculators/helpers.ts";
import {
  engineReady,
  hydrateAll,
  openCalculators,
  openHome,
  pageRequest,
  typeInto,
} from "./calculators/helpers.ts";

/** The dictionaries' words these tests look for, written out here. */
const WORDS = {
  en: {
    add: "Add a price",
    toCost: "billed hours in detail",
    toServing: "on the inference page",
    toTraining: "on the training-memory page",
    more: "Show every column",
    why: "Why",
    missed: "misses the deadline",
    chart: "The options as a chart",
    memory: "Memory in detail",
    billed: "Every billed hour",
  },
  "zh-cn": {
    add: "添加价格",
    toCost: "计费明细",
    toServing: "到推理页核对",
    toTraining: "到训练显存页核对",
    more: "显示全部列",
    why: "原因",
    missed: "赶不上截止时间",
    chart: "用图表看各方案",
    memory: "显存细节",
    billed: "所有计费时间",
  },
} as const;

/** A figure as shown ("1,234.50", "0.50 (your price)") as a number. */
const numberIn = (text: string): number => {
  const m = /-?[\d,]+(?:\.\d+)?/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  return Number(m[0].replace(/,/g, ""));
};

const table = (page: Page) => page.locator('[data-table="fit"]');
const row = (page: Page, gpu: string) => table(page).locator(`tbody tr[data-gpu="${gpu}"]`);
const cell = (page: Page, gpu: string, k: string) => row(page, gpu).locator(`[data-k="${k}"]`);
const costPath = (lang: Lang) => (lang === "en" ? "/en/guides/total-cost/" : "/guides/total-cost/");
const inferencePath = (lang: Lang) =>
  lang === "en" ? "/en/guides/inference/" : "/guides/inference/";
const trainingPath = (lang: Lang) =>
  lang === "en" ? "/en/guides/training-memory/" : "/guides/training-memory/";

flow("en", `a plan row opens the cost page as itself`, async ({ page }, lang) => {
  const w = WORDS[lang];
  await openCalculators(page, lang, "gf");
  // The rendering example (2,880 frames of 45 s on an RTX 4090), at a price typed here.
  await page.selectOption("#gf-mode", "batch");
  await page.selectOption("#gf-currency", "USD");
  await page.getByRole("button", { name: w.add }).click();
  await page.selectOption("#gf-p0-gpu", "rtx-4090");
  await page.selectOption("#gf-p0-currency", "USD");
  await typeInto(page, "#gf-p0-pricePerGpuHour", "0.5");
  await expect
    .poll(async () => (await pageRequest(page, "gf"))["prices"])
    .toEqual({ "rtx-4090": { pricePerGpuHour: 0.5, currency: "USD" } });
  const gpus = numberIn(await cell(page, "rtx-4090", "gpus").innerText());
  const hours = numberIn(await cell(page, "rtx-4090", "hours").innerText());
  const cost = numberIn(await cell(page, "rtx-4090", "cost").innerText());
  // Worked from the row: 0.5 per GPU-hour x its GPUs x its billed hours (shown to 0.01 h).
  expect(Math.abs(cost - 0.5 * gpus * hours)).toBeLessThan(0.005 * gpus + 0.01);

  await cell(page, "rtx-4090", "cost").getByRole("link", { name: w.toCost }).click();
  await expect(page).toHaveURL(new RegExp(`${costPath(lang)}$`));
  await hydrateAll(page);
  // One option, the row's own: none of the page's example (1 and 4 RTX 4090 at 2.5 each).
  await expect(page.locator("#cc-o1-gpu")).toHaveCount(0);
  await expect(page.locator("#cc-o0-gpu")).toHaveValue("rtx-4090");
  await expect(page.locator("#cc-o0-gpus")).toHaveValue(String(gpus));
  expect(numberIn(await page.locator("#cc-o0-pricePerHour").inputValue())).toBeCloseTo(
    0.5 * gpus,
    9,
  );
  const options = page.locator('[data-table="options"] tbody tr');
  await expect(options).toHaveCount(1);
  // The cost page bills the row's hours at the row's price: the same total, the same hours.
  const total = numberIn(await options.locator('[data-k="total"]').innerText());
  expect(Math.abs(total - cost)).toBeLessThanOrEqual(0.01);
  const billed = numberIn(await options.locator("td").nth(1).innerText());
  expect(Math.abs(billed - hours)).toBeLessThanOrEqual(0.01);
  // The total says its currency: the row's, the plan's US dollars, on either site.
  await expect(options.locator('[data-k="total"]')).toContainText("USD");
  // The row's hours fill the boxes rounded for reading: three decimals, or four significant
  // digits below 1 (a download of 0.0005382690133333333 h reads 0.0005383).
  const boxes = await page
    .locator('section[aria-labelledby="cc-title"] input[inputmode="decimal"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(boxes.length).toBeGreaterThan(3);
  for (const text of boxes) expect(text).toMatch(/^$|^-?\d+(\.\d{1,3})?$|^-?0\.0*[1-9]\d{0,3}$/);
});

flow(
  "zh-cn",
  `a served row opens the inference page at its GPU, group and users per copy`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await openCalculators(page, lang, "gf");
    await page.selectOption("#gf-mode", "inference");
    await typeInto(page, "#gf-users", "24");
    await expect
      .poll(async () => (await pageRequest(page, "gf"))["workload"])
      .toMatchObject({ task: "serve", users: 24 });
    const memory = await cell(page, "h100-sxm", "memory").innerText();
    const gpus = numberIn(await cell(page, "h100-sxm", "gpus").innerText());
    await cell(page, "h100-sxm", "memory").getByRole("link", { name: w.toServing }).click();
    await expect(page).toHaveURL(new RegExp(`${inferencePath(lang)}$`));
    await hydrateAll(page);
    await expect(page.locator("#im-gpu")).toHaveValue("h100-sxm");
    const tp = Number(await page.locator("#im-tensorParallel").inputValue());
    const sequences = Number(await page.locator("#im-sequences").inputValue());
    // The row's GPUs are whole copies of its group, and its 24 users shared among them.
    const copies = gpus / tp;
    expect(Number.isInteger(copies)).toBe(true);
    expect(sequences).toBe(Math.ceil(24 / copies));
    // The page says the table's memory to rent per GPU for that copy: one verdict.
    const rent = page.locator(
      'section[aria-labelledby="im-title"] [data-verdict] [data-figure="rent"]',
    );
    expect(numberIn(await rent.innerText())).toBe(numberIn(memory));
  },
);

flow(
  "en",
  `a training row opens the training-memory page at its GPU and count`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    // The opening QLoRA fine-tune: the RTX 4090 row runs it on several GPUs for speed, the
    // H100 row on one.
    for (const gpu of ["rtx-4090", "h100-sxm"]) {
      await openCalculators(page, lang, "gf");
      const memory = cell(page, gpu, "memory");
      const figure = numberIn(await memory.innerText());
      const gpus = numberIn(await cell(page, gpu, "gpus").innerText());
      // On the first visit the row is the page's own, as built: its link waits for the
      // engine, then opens. (The second visit's training settings are the first row's.)
      if (gpu === "rtx-4090")
        await expect(page.locator("html")).toHaveAttribute("data-engine", "idle");
      await memory.getByRole("link", { name: w.toTraining }).click();
      await expect(page).toHaveURL(new RegExp(`${trainingPath(lang)}$`));
      await hydrateAll(page);
      await expect(page.locator("#tm-gpu")).toHaveValue(gpu);
      await expect(page.locator("#tm-gpus")).toHaveValue(String(gpus));
      // The page's memory to rent per GPU is the row's: one verdict.
      const rent = page.locator('section[aria-labelledby="tm-title"] [data-figure="rent"]');
      expect(numberIn(await rent.innerText()), gpu).toBe(figure);
    }
  },
);

flow(
  "zh-cn",
  `the front door opens the memory and cost pages on its first option`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "serve");
    await typeInto(page, "#fd-users", "6");
    const first = page.locator('[data-testid="fd-answer"] li').first();
    await expect(first).toBeVisible();
    const gpu = (await first.getAttribute("data-gpu")) ?? "";
    const gpus = Number(await first.getAttribute("data-gpus"));
    await page.getByRole("link", { name: w.memory }).click();
    await expect(page).toHaveURL(new RegExp(`${inferencePath(lang)}$`));
    await hydrateAll(page);
    await expect(page.locator("#im-gpu")).toHaveValue(gpu);
    const tp = Number(await page.locator("#im-tensorParallel").inputValue());
    expect(Number(await page.locator("#im-sequences").inputValue())).toBe(
      Math.ceil(6 / (gpus / tp)),
    );

    // Fine-tuning: the memory link opens the training-memory page on the first option.
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "fine-tune");
    await engineReady(page);
    const tuned = page.locator('[data-testid="fd-answer"] li').first();
    const tunedGpu = (await tuned.getAttribute("data-gpu")) ?? "";
    const tunedGpus = (await tuned.getAttribute("data-gpus")) ?? "";
    await page.getByRole("link", { name: w.memory }).click();
    await expect(page).toHaveURL(new RegExp(`${trainingPath(lang)}$`));
    await hydrateAll(page);
    await expect(page.locator("#tm-gpu")).toHaveValue(tunedGpu);
    await expect(page.locator("#tm-gpus")).toHaveValue(tunedGpus);

    await openHome(page, lang);
    await page.selectOption("#fd-goal", "serve");
    await typeInto(page, "#fd-users", "6");
    await page.getByRole("link", { name: w.billed }).click();
    await expect(page).toHaveURL(new RegExp(`${costPath(lang)}$`));
    await hydrateAll(page);
    await expect(page.locator("#cc-o1-gpu")).toHaveCount(0);
    await expect(page.locator("#cc-o0-gpu")).toHaveValue(gpu);
    await expect(page.locator("#cc-o0-gpus")).toHaveValue(String(gpus));
  },
);

flow(
  "en",
  `less-used columns wait behind a box; a missed deadline shows by the GPU`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCalculators(page, lang, "gf");
    const why = table(page).locator("thead th", { hasText: w.why });
    await expect(table(page).locator("thead th").first()).toBeVisible();
    await expect(why).toBeHidden();
    await expect(table(page).locator('tbody [data-k="shape"]').first()).toBeHidden();
    // The table is the page's own until the engine computes; the box and the chart's
    // disclosure work on it all the same.
    await expect(page.locator("html")).toHaveAttribute("data-engine", "idle");
    await page.getByLabel(w.more).check();
    await expect(why).toBeVisible();
    await expect(table(page).locator('tbody [data-k="shape"]').first()).toBeVisible();
    await page.locator("summary", { hasText: w.chart }).click();
    await expect(page.locator('[data-chart="plan"] svg')).toBeVisible();

    // Within one hour no GPU trains the opening workload: every row says it misses.
    await typeInto(page, "#gf-deadlineHours", "1");
    await expect(table(page).locator('tbody th[scope="row"]').first()).toContainText(w.missed);
    // The engine's table took the place of the built one: the box is still ticked, its
    // columns still shown, the chart still open.
    await expect(page.locator("html")).toHaveAttribute("data-engine", "ready");
    await expect(page.getByLabel(w.more)).toBeChecked();
    await expect(why).toBeVisible();
    await expect(page.locator('[data-chart="plan"] svg')).toBeVisible();
  },
);

flow(
  "zh-cn",
  `the options as a chart mark the cheapest and the fastest the table lists`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await openCalculators(page, lang, "gf");
    // Rows that run and carry both hours and a cost, read from the table.
    const rows = await table(page)
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => ({
          gpu: tr.getAttribute("data-gpu") ?? "",
          verdict: tr.getAttribute("data-verdict") ?? "",
          hours: tr.querySelector('[data-k="hours"]')?.textContent ?? "",
          cost: tr.querySelector('[data-k="cost"]')?.firstChild?.textContent ?? "",
        })),
      );
    const placed = rows
      .filter((r) => r.verdict !== "does-not-fit" && /\d/.test(r.hours) && /\d/.test(r.cost))
      .map((r) => ({ gpu: r.gpu, hours: numberIn(r.hours), cost: numberIn(r.cost) }));
    expect(placed.length).toBeGreaterThan(2);
    const cheapest = placed.reduce((a, b) => (b.cost < a.cost ? b : a));
    const fastest = placed.reduce((a, b) => (b.hours < a.hours ? b : a));

    await page.locator("summary", { hasText: w.chart }).click();
    const chart = page.locator('[data-chart="plan"] svg');
    await expect(chart).toBeVisible();
    await expect(chart.locator("circle")).toHaveCount(placed.length);
    const marked = (mark: string) =>
      chart.locator(`circle[data-mark="${mark}"], circle[data-mark="both"]`);
    await expect(marked("cheapest")).toHaveAttribute("data-gpu", cheapest.gpu);
    await expect(marked("fastest")).toHaveAttribute("data-gpu", fastest.gpu);
  },
);
