/**
 * Page = command line, through the page itself: random values (fast-check, fixed seeds) are
 * typed into the inputs as a person would; the request the widget shows must be the one
 * this test writes from the page's opening state and those values, and the command line,
 * spawned on that request (`npm run -s estimate -- -`), must print the figures the page
 * shows, hours and costs included, as the page prints them in its language. The same
 * comparison over thousands of random states, without a browser, is
 * tests/unit/views/parity.test.ts.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import fc from "fast-check";
import type { TaskId, TaskRequest, TaskResult } from "../../../src/estimate/registry.ts";
import {
  colon,
  DEADLINE_VERDICT,
  hoursCell,
  inUnit,
  leading,
  plain,
  scientific,
} from "../../support/shown-text.ts";
import { expect, takingTurns, test } from "../fixtures.ts";
import { GPUS, figure, openCalculators, OPENING, pageRequest, TODAY, typeInto } from "./helpers.ts";

const ROOT = new URL("../../../", import.meta.url);
/** GPUs with every figure a speed needs, so no case is refused for a missing datasheet. */
const RATED = GPUS.filter((g) => g.fp32Tflops !== undefined && g.bandwidthGBps !== undefined).map(
  (g) => g.id,
);
import { LANG_CURRENCY, type Lang } from "../../../src/i18n/lang.ts";
import { bestRows } from "../../../src/stores/views/plan-rows.ts";

const nameOf = (id: string) => GPUS.find((g) => g.id === id)?.name ?? id;

/** The command line's output for a request: spawned, as a user runs it. */
function commandLine<Id extends TaskId>(request: TaskRequest<Id>): TaskResult<Id> {
  const out = execFileSync("npm", ["run", "-s", "estimate", "--", "-"], {
    cwd: ROOT,
    input: JSON.stringify(request),
    encoding: "utf8",
  });
  // The command line prints the result of the task the request names.
  return JSON.parse(out) as TaskResult<Id>;
}

/** Cases drawn once per test file, the same on every run. */
const draw = <T>(arb: fc.Arbitrary<T>, seed: number): T[] => fc.sample(arb, { seed, numRuns: 2 });
const whole = (min: number, max: number) => fc.integer({ min, max });

test.describe.configure({ mode: "parallel" });

/**
 * Each case runs in one language, the cases alternating, so both sites' typing and wording are
 * compared with the command line without every case running twice.
 */
const caseLang = takingTurns<Lang>(["zh-cn", "en"]);

const TIME_CASES = draw(
  fc.record({
    tokens: whole(1, 500).map((b) => b * 1e8),
    gpus: fc.constantFrom(1, 2, 4, 8),
    gpu: fc.constantFrom(...RATED),
    mfu: whole(10, 60),
    deadline: whole(1, 500),
  }),
  20261202,
);

TIME_CASES.forEach((c, i) => {
  const lang = caseLang();
  test(`compute time as typed = command line (${lang}, case ${i + 1})`, async ({ page }) => {
    await openCalculators(page, lang, "ct");
    await typeInto(page, "#ct-tokens", String(c.tokens));
    await typeInto(page, "#ct-gpus", String(c.gpus));
    await page.selectOption("#ct-gpu", c.gpu);
    await typeInto(page, "#ct-mfu", String(c.mfu));
    await typeInto(page, "#ct-deadlineHours", String(c.deadline));
    const request: TaskRequest<"train-time"> = {
      task: "train-time",
      model: OPENING.model,
      ...OPENING.training,
      ...OPENING.job,
      tokens: c.tokens,
      gpus: c.gpus,
      gpu: c.gpu,
      mfu: c.mfu / 100,
      deadlineHours: c.deadline,
    };
    expect(await pageRequest(page, "ct")).toEqual(request);
    const r = commandLine(request);
    // The hours with their likely range, as each language words it.
    const [h, low, high] = [
      inUnit(lang, r.hours, "hours"),
      plain(lang, r.hoursRange.low),
      inUnit(lang, r.hoursRange.high, "hours"),
    ];
    await expect(figure(page, "ct", "hours")).toHaveText(
      lang === "en" ? `${h}, likely ${low}–${high}` : `${h}，可能 ${low}–${high}`,
    );
    await expect(figure(page, "ct", "deadline")).toHaveText(
      DEADLINE_VERDICT[lang][r.deadlineVerdict ?? "misses"],
    );
    await expect(figure(page, "ct", "flops")).toHaveText(`${scientific(lang, r.flops)} FLOPs`);
    await expect(figure(page, "ct", "sustained")).toHaveText(
      inUnit(lang, r.deadlineSustainedTflops, "tflops"),
    );
    await expect(figure(page, "ct", "peakNeeded")).toHaveText(
      inUnit(lang, r.deadlinePeakTflopsNeeded, "tflops"),
    );
  });
});

const COST_CASES = draw(
  fc.record({
    singleGpuHours: whole(1, 400),
    first: fc.record({
      gpu: fc.constantFrom(...RATED),
      gpus: fc.constantFrom(1, 2),
      price: whole(1, 30),
    }),
    second: fc.record({
      gpu: fc.constantFrom(...RATED),
      gpus: fc.constantFrom(2, 4, 8),
      price: whole(2, 120),
      scaling: whole(50, 100),
    }),
    setupHours: whole(0, 12),
  }),
  20261203,
);

/** The cost comparison's options as the test typed them into `page`. */
async function typeCost(page: Page, c: (typeof COST_CASES)[number]): Promise<void> {
  await typeInto(page, "#cc-singleGpuHours", String(c.singleGpuHours));
  await page.selectOption("#cc-o0-gpu", c.first.gpu);
  await typeInto(page, "#cc-o0-gpus", String(c.first.gpus));
  await typeInto(page, "#cc-o0-pricePerHour", String(c.first.price));
  await page.selectOption("#cc-o1-gpu", c.second.gpu);
  await typeInto(page, "#cc-o1-gpus", String(c.second.gpus));
  await typeInto(page, "#cc-o1-pricePerHour", String(c.second.price));
  await typeInto(page, "#cc-o1-scaling", String(c.second.scaling));
  await typeInto(page, "#cc-setupHours", String(c.setupHours));
}

COST_CASES.forEach((c, i) => {
  const lang = caseLang();
  test(`cost comparison as typed = command line (${lang}, case ${i + 1})`, async ({ page }) => {
    await openCalculators(page, lang, "cc");
    await typeCost(page, c);
    const request: TaskRequest<"cost"> = {
      task: "cost",
      options: [
        { gpu: c.first.gpu, gpus: c.first.gpus, pricePerHour: c.first.price },
        {
          gpu: c.second.gpu,
          gpus: c.second.gpus,
          pricePerHour: c.second.price,
          scaling: c.second.scaling / 100,
        },
      ],
      singleGpuHours: c.singleGpuHours,
      setupHours: c.setupHours,
    };
    expect(await pageRequest(page, "cc")).toEqual(request);
    // The page's currency, named as a command-line user would name it.
    const currency = LANG_CURRENCY[lang];
    const r = commandLine({ ...request, currency });
    const money = (n: number | null | undefined) => `${plain(lang, n, 2)} ${currency}`;
    const rows = page.locator('[data-table="options"] tbody tr');
    for (const [n, x] of r.options.entries()) {
      const row = rows.nth(n);
      await expect(row.locator("td").nth(1)).toHaveText(plain(lang, x.hours));
      await expect(row.locator('[data-k="total"]')).toHaveText(money(x.total));
    }
    const best = r.options[r.cheapest]!.option;
    await expect(figure(page, "cc", "cheapest")).toHaveText(
      `${r.cheapest + 1}${colon(lang)}${plain(lang, best.gpus, 0)} × ${nameOf(best.gpu)}${colon(lang)}${money(r.options[r.cheapest]!.total)}`,
    );
  });
});

const PLAN_CASES = draw(
  fc.record({
    tokens: whole(1, 100).map((b) => b * 1e8),
    epochs: whole(1, 5),
    sortBy: fc.constantFrom("cost", "time"),
    seqLen: fc.constantFrom(512, 1024, 4096),
  }),
  20261204,
);

PLAN_CASES.forEach((c, i) => {
  const lang = caseLang();
  test(`decision table as typed = command line (${lang}, case ${i + 1})`, async ({ page }) => {
    // The training settings are the training-memory widget's: typed there, planned here.
    await openCalculators(page, lang, "tm");
    await typeInto(page, "#tm-seqLen", String(c.seqLen));
    await openCalculators(page, lang, "gf");
    await typeInto(page, "#gf-tokens", String(c.tokens));
    await typeInto(page, "#gf-epochs", String(c.epochs));
    await page.selectOption("#gf-sortBy", c.sortBy);
    const request: TaskRequest<"plan"> = {
      task: "plan",
      counts: "best",
      workload: {
        task: "train-memory",
        model: OPENING.model,
        ...OPENING.training,
        seqLen: c.seqLen,
      },
      epochs: c.epochs,
      sortBy: c.sortBy,
      tokens: c.tokens,
      deadlineHours: OPENING.job.deadlineHours,
    };
    await expect.poll(() => pageRequest(page, "gf")).toEqual(request);
    // The page's currency and the day it ages prices to, named as a command-line user
    // would name them.
    const best = bestRows(
      commandLine({
        ...request,
        currency: LANG_CURRENCY[lang],
        ...(TODAY ? { pricesOn: TODAY } : {}),
      }),
    );
    const rows = page.locator('[data-table="fit"] tbody tr');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu"))))
      .toEqual(best.map((x) => x.gpu));
    for (const [n, x] of best.slice(0, 8).entries()) {
      await expect(rows.nth(n).locator('[data-k="hours"]')).toHaveText(
        hoursCell(lang, x.hours, x.hoursRange),
      );
      // The cost, then the link that opens the row on the cost page.
      await expect(rows.nth(n).locator('[data-k="cost"]')).toHaveText(
        leading(plain(lang, x.cost, 2)),
      );
    }
  });
});
