/**
 * Each widget: type values, check that the request it shows is the one this test writes
 * from the page's opening state and what was typed, and compare the numbers a user sees
 * with the command line's result for that request, worked out here as the page prints
 * them (tests/support/shown-text.ts), in both languages where the widget names units.
 */
import type { TaskRequest } from "../../../src/estimate/registry.ts";
import {
  colon,
  hoursCell,
  hoursLikely,
  inUnit,
  likely,
  leading,
  plain,
} from "../../support/shown-text.ts";
import { expect, flow, test } from "../fixtures.ts";

/** A request the page shows, as the command line takes it. */
type TimeRequest = { task: "train-time" } & TaskRequest<"train-time">;
import {
  engineReady,
  estimate,
  expectNoBrokenNumbers,
  figure,
  openCalculators,
  OPENING,
  pageRequest,
  typeInto,
} from "./helpers.ts";
import { bestRows } from "../../../src/stores/views/plan-rows.ts";

flow("en", `training memory matches the command line`, async ({ page }, lang) => {
  await openCalculators(page, lang);
  await typeInto(page, "#tm-seqLen", "4096");
  await typeInto(page, "#tm-microBatch", "2");
  await page.selectOption("#tm-precision", "fp16-mixed");
  await page.selectOption("#tm-method", "lora");
  const request: TaskRequest<"train-memory"> = {
    task: "train-memory",
    model: OPENING.model,
    ...OPENING.training,
    seqLen: 4096,
    microBatch: 2,
    precision: "fp16-mixed",
    // LoRA on a 16-bit base keeps the adapters the QLoRA fine-tune had.
    lora: { ...OPENING.training.lora, baseBits: 16 },
  };
  expect(await pageRequest(page, "tm")).toEqual(request);
  const r = estimate(request);
  await expect(figure(page, "tm", "allocator")).toHaveText(
    inUnit(lang, r.allocatorPeakBytes / 2 ** 30, "gib", 1),
  );
  await expect(figure(page, "tm", "smi")).toHaveText(
    inUnit(lang, r.nvidiaSmiBytes / 2 ** 20, "mib", 0),
  );
  // The headline: GB to rent, the need with headroom rounded up to 0.1 GB.
  await expect(figure(page, "tm", "rent")).toHaveText(inUnit(lang, r.verdict.rentGB, "gb", 1));
  await expectNoBrokenNumbers(page);
});

test("inference memory and concurrency match the command line", async ({ page }) => {
  await openCalculators(page, "en", "im");
  await typeInto(page, "#im-contextTokens", "8192");
  await typeInto(page, "#im-sequences", "4");
  await page.selectOption("#im-gpu", "a100-80gb-sxm");
  const request: TaskRequest<"infer-memory"> = {
    task: "infer-memory",
    model: OPENING.model,
    ...OPENING.serving,
    contextTokens: 8192,
    sequences: 4,
    gpu: "a100-80gb-sxm",
  };
  expect(await pageRequest(page, "im")).toEqual(request);
  const r = estimate(request);
  await expect(figure(page, "im", "smi")).toHaveText(
    inUnit("en", r.nvidiaSmiBytes / 2 ** 20, "mib", 0),
  );
  await expect(figure(page, "im", "rent")).toHaveText(inUnit("en", r.verdict.rentGB, "gb", 1));
  await expect(figure(page, "im", "maxSeq")).toHaveText(plain("en", r.maxSequences));
  await expect(page.locator('section[aria-labelledby="im-title"] .calc-warnings')).toContainText(
    "reserves",
  );
});

flow(
  "zh-cn",
  `throughput matches the command line, on one GPU and on several`,
  async ({ page }, lang) => {
    await openCalculators(page, lang, "tp");
    const speeds: number[] = [];
    for (const n of [1, 2, 4]) {
      await typeInto(page, "#tp-tensorParallel", String(n));
      const request: TaskRequest<"decode-speed"> = {
        task: "decode-speed",
        model: OPENING.model,
        ...OPENING.serving,
        tensorParallel: n,
      };
      expect(await pageRequest(page, "tp")).toEqual(request);
      const r = estimate(request);
      await expect(figure(page, "tp", "decode")).toHaveText(
        likely(lang, r.tokensPerSecond, r.tokensPerSecondRange, "tokens-per-second"),
      );
      // The range is where 8 in 10 unseen serving runs landed: it holds the estimate.
      expect(r.tokensPerSecondRange.low).toBeLessThanOrEqual(r.tokensPerSecond);
      expect(r.tokensPerSecondRange.high).toBeGreaterThanOrEqual(r.tokensPerSecond);
      await expect(figure(page, "tp", "ttft")).toHaveText(
        likely(lang, r.ttftSeconds, r.ttftRange, "seconds"),
      );
      // Users sending in turn: the range of that kind of run.
      expect(r.ttftRange.basis).toBe("ttft-closed");
      speeds.push(r.tokensPerSecond);
    }
    // Splitting the weights over n GPUs at most multiplies the bandwidth by n: never n².
    expect(speeds[1]! / speeds[0]!).toBeLessThanOrEqual(2.0001);
    expect(speeds[2]! / speeds[0]!).toBeLessThanOrEqual(4.0001);

    // 64 requests arriving at once: the first token's wait differs from request to request,
    // so the page gives its mean, median and 90th percentile.
    await typeInto(page, "#tp-sequences", "64");
    await page.selectOption("#tp-arrival", "burst");
    await engineReady(page);
    const burst: TaskRequest<"decode-speed"> = {
      task: "decode-speed",
      model: OPENING.model,
      ...OPENING.serving,
      tensorParallel: 4,
      sequences: 64,
      arrival: "burst",
    };
    expect(await pageRequest(page, "tp")).toEqual(burst);
    const b = estimate(burst);
    expect(b.ttftP90Seconds).toBeGreaterThan(b.ttftMedianSeconds);
    expect(b.ttftRange.basis).toBe("ttft-burst");
    const mean = likely(lang, b.ttftSeconds, b.ttftRange, "seconds");
    const [p50, p90] = [b.ttftMedianSeconds, b.ttftP90Seconds].map((x) =>
      inUnit(lang, x, "seconds"),
    );
    await expect(figure(page, "tp", "ttft")).toHaveText(
      lang === "en"
        ? `on average ${mean}; median ${p50}, 90% of requests within ${p90}`
        : `平均 ${mean}；中位数 ${p50}，90% 的请求在 ${p90} 内`,
    );
  },
);

test("compute time: the network between nodes sets the speed past one node, in both languages", async ({
  page,
}) => {
  for (const lang of ["en", "zh-cn"] as const) {
    // Full training (the shared training settings start as QLoRA, whose few trainable
    // parameters send too few gradient bytes for the network to matter).
    await openCalculators(page, lang, "tm");
    await page.selectOption("#tm-method", "none");
    await openCalculators(page, lang, "ct");
    await typeInto(page, "#ct-tokens", "20B");
    await page.selectOption("#ct-gpu", "h100-sxm");
    await typeInto(page, "#ct-gpus", "128");
    await page.selectOption("#ct-network", "ethernet-25");
    const slow = (await pageRequest(page, "ct")) as TimeRequest;
    expect(slow).toMatchObject({ task: "train-time", gpus: 128, network: "ethernet-25" });
    expect(slow).not.toHaveProperty("lora");
    const slowResult = estimate(slow);
    await expect(figure(page, "ct", "hours")).toHaveText(
      hoursLikely(lang, slowResult.hours, slowResult.hoursRange),
    );
    await page.selectOption("#ct-network", "ib-ndr-400");
    const fast = (await pageRequest(page, "ct")) as TimeRequest;
    const fastResult = estimate(fast);
    const hours = fastResult.hours;
    await expect(figure(page, "ct", "hours")).toHaveText(
      hoursLikely(lang, hours, fastResult.hoursRange),
    );
    expect(hours).toBeLessThan(estimate(slow).hours);
    await expect(page.locator("label[for='ct-network']")).toHaveText(
      lang === "en" ? "Network between nodes" : "节点间网络",
    );
  }
});

flow(
  "en",
  `compute time matches the command line, and the seed's deadline example`,
  async ({ page }, lang) => {
    await openCalculators(page, lang, "ct");
    await typeInto(page, "#ct-tokens", "20B");
    await typeInto(page, "#ct-gpus", "8");
    await page.selectOption("#ct-gpu", "a100-80gb-sxm");
    const request: TaskRequest<"train-time"> = {
      task: "train-time",
      model: OPENING.model,
      ...OPENING.training,
      ...OPENING.job,
      tokens: 2e10,
      gpus: 8,
      gpu: "a100-80gb-sxm",
    };
    expect(await pageRequest(page, "ct")).toEqual(request);
    const r = estimate(request);
    await expect(figure(page, "ct", "hours")).toHaveText(hoursLikely(lang, r.hours, r.hoursRange));
    // Seed: 1e8 samples x 1e9 FLOPs = 1e17 FLOPs needs 1e17 / 86,400 s = 1.16 TFLOPS sustained.
    await page.selectOption("#ct-work", "samples");
    await typeInto(page, "#ct-samples", "1e8");
    await typeInto(page, "#ct-flopsPerSample", "1e9");
    await typeInto(page, "#ct-deadlineHours", "24");
    await expect(figure(page, "ct", "sustained")).toHaveText("1.16 TFLOPS");
  },
);

flow(
  "zh-cn",
  `cost options on different GPUs each run at their own speed`,
  async ({ page }, lang) => {
    await openCalculators(page, lang, "cc");
    await typeInto(page, "#cc-singleGpuHours", "10");
    await page.selectOption("#cc-o0-gpu", "a100-80gb-sxm");
    await typeInto(page, "#cc-o0-gpus", "1");
    await typeInto(page, "#cc-o0-pricePerHour", "7");
    await page.selectOption("#cc-o1-gpu", "h200-sxm");
    await typeInto(page, "#cc-o1-gpus", "1");
    await typeInto(page, "#cc-o1-pricePerHour", "18");
    const request: TaskRequest<"cost"> = {
      task: "cost",
      options: [
        { gpu: "a100-80gb-sxm", gpus: 1, pricePerHour: 7 },
        { gpu: "h200-sxm", gpus: 1, pricePerHour: 18, scaling: 0.75 },
      ],
      singleGpuHours: 10,
    };
    expect(await pageRequest(page, "cc")).toEqual(request);
    const r = estimate(request);
    const [a100, h200] = r.options;
    // The 10 hours were measured on the first option's A100; the H200 is faster.
    expect(a100?.runHours).toBe(10);
    expect(h200?.runHours).toBeLessThan(10);
    const rows = page.locator('[data-table="options"] tbody tr');
    await expect(rows.nth(0).locator("td").nth(0)).toHaveText("10");
    await expect(rows.nth(1).locator("td").nth(0)).toHaveText(plain(lang, h200?.runHours));
    await expect(figure(page, "cc", "fastest")).toHaveText(
      `2${colon(lang)}1 × NVIDIA H200 SXM 141GB${colon(lang)}${inUnit(lang, h200?.hours, "hours")}`,
    );
  },
);

test("cost comparison reproduces the seed: four cards pay off only below 3x the single-card price", async ({
  page,
}) => {
  await openCalculators(page, "en", "cc");
  const rows = page.locator('[data-table="options"] tbody tr');
  // The seed's example as the page opens: 72 h on one card vs 72 / (4 x 0.75) = 24 h on four.
  await expect(rows.nth(0).locator("td").nth(0)).toHaveText("72");
  await expect(rows.nth(1).locator("td").nth(0)).toHaveText("24");
  // Four cards cost 24 h x p against 72 h x 2.5 = 180 on one: cheaper below p = 7.5. Every
  // total carries its currency (the English page's: US dollars).
  await typeInto(page, "#cc-o1-pricePerHour", "7.4");
  await expect(figure(page, "cc", "cheapest")).toContainText("2: 4 ×");
  await expect(rows.nth(1).locator('[data-k="total"]')).toHaveText("177.6 USD");
  await typeInto(page, "#cc-o1-pricePerHour", "7.6");
  await expect(figure(page, "cc", "cheapest")).toContainText("1: 1 ×");
  await expect(rows.nth(0).locator('[data-k="total"]')).toHaveText("180 USD");
  await expect(rows.nth(1).locator('[data-k="total"]')).toHaveText("182.4 USD");
  expect(await pageRequest(page, "cc")).toEqual({
    task: "cost",
    ...OPENING.cost,
    options: [OPENING.cost.options[0], { ...OPENING.cost.options[1], pricePerHour: 7.6 }],
  });
  await expect(page.locator('section[aria-labelledby="cc-title"] svg polyline')).toHaveCount(2);
});

flow(
  "en",
  `decision table shows the command line's plan, best count per GPU, for training and serving`,
  async ({ page }, lang) => {
    await openCalculators(page, lang, "gf");
    const rows = page.locator('[data-table="fit"] tbody tr');
    const ids = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu")));
    await typeInto(page, "#gf-tokens", "2e9");
    const train: TaskRequest<"plan"> = {
      task: "plan",
      counts: "best",
      workload: { task: "train-memory", model: OPENING.model, ...OPENING.training },
      tokens: 2e9,
      deadlineHours: OPENING.job.deadlineHours,
    };
    expect(await pageRequest(page, "gf")).toEqual(train);
    const best = bestRows(estimate(train, lang));
    await expect(rows).toHaveCount(best.length);
    expect(await ids()).toEqual(best.map((x) => x.gpu));
    const first = best[0]!;
    await expect(rows.first()).toHaveAttribute("data-verdict", first.verdict);
    await expect(rows.first().locator('[data-k="hours"]')).toHaveText(
      hoursCell(lang, first.hours, first.hoursRange),
    );
    // The cost, then the link that opens the row on the cost page.
    await expect(rows.first().locator('[data-k="cost"]')).toHaveText(
      leading(plain(lang, first.cost, 2)),
    );
    // The plan's GPUs each run at their own speed: different GPUs, different times.
    expect(new Set(best.filter((x) => x.hours !== null).map((x) => x.hours)).size).toBeGreaterThan(
      1,
    );

    // Tokens typed in the table are the compute-time calculator's: one workload.
    await openCalculators(page, lang, "ct");
    await expect.poll(async () => (await pageRequest(page, "ct"))["tokens"]).toBe(2e9);

    await openCalculators(page, lang, "gf");
    await page.selectOption("#gf-mode", "inference");
    await typeInto(page, "#gf-users", "20");
    await typeInto(page, "#gf-outputTokensPerSecondPerUser", "20");
    const serve: TaskRequest<"plan"> = {
      task: "plan",
      counts: "best",
      workload: {
        task: "serve",
        model: OPENING.model,
        ...OPENING.serving,
        users: 20,
        outputTokensPerSecondPerUser: 20,
      },
      // No deadline: serving runs as long as it is rented.
    };
    await expect.poll(() => pageRequest(page, "gf")).toEqual(serve);
    const served = bestRows(estimate(serve, lang));
    await expect.poll(ids).toEqual(served.map((x) => x.gpu));
    for (const x of served.filter((y) => y.verdict !== "does-not-fit"))
      expect(x.tokensPerSecondPerUser).toBeGreaterThanOrEqual(20);
  },
);

flow(
  "zh-cn",
  `decision table plans a batch job from a time per item measured on one GPU`,
  async ({ page }, lang) => {
    await openCalculators(page, lang, "gf");
    await page.selectOption("#gf-mode", "batch");
    // The note names the example the fields start from: 45 s per frame, 2,880 frames.
    await expect(page.locator('section[aria-labelledby="gf-title"]')).toContainText("2,880");
    await typeInto(page, "#gf-secondsPerFrame", "30");
    await typeInto(page, "#gf-frames", "1000");
    await page.selectOption("#gf-measuredOn", "l40s");
    const request: TaskRequest<"plan"> = {
      task: "plan",
      counts: "best",
      workload: { task: "render", secondsPerFrame: 30, frames: 1000 },
      measuredOn: "l40s",
      deadlineHours: OPENING.job.deadlineHours,
    };
    await expect.poll(() => pageRequest(page, "gf")).toEqual(request);
    const best = bestRows(estimate(request, lang));
    const rows = page.locator('[data-table="fit"] tbody tr');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu"))))
      .toEqual(best.map((x) => x.gpu));
    const l40s = best.find((x) => x.gpu === "l40s")!;
    // The time measured on the L40S is the L40S's own: 30 s x 1,000 items over its GPUs.
    expect(l40s.runHours).toBeCloseTo((Math.ceil(1000 / l40s.gpus) * 30) / 3600, 9);
    // The bill adds the hours around the run (setup, downloads, reruns, idle) to it.
    expect(l40s.hours).toBeGreaterThan(l40s.runHours!);
    const shown = page.locator('[data-table="fit"] tbody tr[data-gpu="l40s"]');
    await expect(shown.locator('[data-k="hours"]')).toHaveText(
      hoursCell(lang, l40s.hours, l40s.hoursRange),
    );
    await expect(page.locator('[data-table="fit"] thead')).toContainText(
      lang === "en" ? "Per item" : "每项费用",
    );
    // A batch job has no model: the table does not name one.
    await expect(page.locator('section[aria-labelledby="gf-title"] .calc-model')).toHaveCount(0);
    await expectNoBrokenNumbers(page);
  },
);

test("model picker: presets, parameter count and pasted config drive the other widgets", async ({
  page,
}) => {
  await openCalculators(page);
  await page.fill("#mp-search", "qwen2.5");
  await page.selectOption("#mp-preset", "qwen2.5-72b");
  await expect(figure(page, "mp", "name")).toHaveText("Qwen2.5 72B");
  await expect(page.locator('section[aria-labelledby="tm-title"] .calc-model')).toContainText(
    "Qwen2.5 72B",
  );
  expect(await pageRequest(page, "tm")).toMatchObject({ model: { preset: "qwen2.5-72b" } });
  await page.selectOption("#mp-kind", "params");
  await typeInto(page, "#mp-params", "7B");
  await expect(figure(page, "mp", "params")).toHaveText("7 B");
  // The choice is shared across pages: the fit table's guide sizes the same model.
  await openCalculators(page, "en", "gf");
  await expect(page.locator('section[aria-labelledby="gf-title"] .calc-model')).toContainText("7B");
  await expect(figure(page, "mp", "params")).toHaveText("7 B");
  await page.selectOption("#mp-kind", "hf");
  await page.fill("#mp-hf", "{ not json");
  await expect(page.locator("#mp-hf-err")).not.toBeEmpty();
  // A name never stands beside another model's numbers: with no valid model there is no
  // estimate, and the widget says why.
  await expect(page.locator('section[aria-labelledby="gf-title"] [data-issues]')).toBeVisible();
  await page.fill(
    "#mp-hf",
    JSON.stringify({
      model_type: "llama",
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      num_hidden_layers: 32,
      intermediate_size: 14336,
      vocab_size: 128256,
    }),
  );
  await expect(page.locator("#mp-hf-err")).toBeEmpty();
  // Llama 3.1 8B's shape: 8.03 billion parameters (meta-llama/Llama-3.1-8B).
  await expect(figure(page, "mp", "params")).toHaveText("8.03 B");
  await page.fill("#mp-hf", JSON.stringify({ model_type: "llama", hidden_size: 1e12 }));
  await expect(page.locator("#mp-hf-err")).not.toBeEmpty();
  await expectNoBrokenNumbers(page);
});

test("decision table: the network between nodes is a select of common networks, sent with the plan, in both languages", async ({
  page,
}) => {
  for (const lang of ["en", "zh-cn"] as const) {
    await openCalculators(page, lang, "gf");
    await page.selectOption("#gf-network", "roce-200");
    const req = await pageRequest(page, "gf");
    expect(req).toMatchObject({ task: "plan", network: "roce-200" });
    await expect(page.locator("label[for='gf-network']")).toHaveText(
      lang === "en" ? "Network between nodes" : "节点间网络",
    );
  }
});
