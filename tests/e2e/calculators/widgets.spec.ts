/**
 * Each widget: type values, check that the request it shows says what was typed, and
 * compare the numbers a user sees with the command line's result for that request,
 * formatted the way the page formats them.
 */
import { test, expect } from "../fixtures.ts";
import { gb, gib, mib, num } from "../../../src/i18n/format.ts";
import { BATCH_EXAMPLE } from "../../../src/stores/fit.ts";
import {
  estimate,
  expectNoBrokenNumbers,
  figure,
  openCalculators,
  pageRequest,
  typeInto,
} from "./helpers.ts";

interface Memory {
  allocatorPeakBytes: number;
  nvidiaSmiBytes: number;
  recommendedBytes: number;
  maxSequences?: number | null;
  verdict: { rentGB: number };
}

test("training memory matches the command line", async ({ page }) => {
  await openCalculators(page);
  await typeInto(page, "#tm-seqLen", "4096");
  await typeInto(page, "#tm-microBatch", "2");
  await page.selectOption("#tm-precision", "fp16-mixed");
  await page.selectOption("#tm-method", "lora");
  const req = await pageRequest(page, "tm");
  expect(req).toMatchObject({
    task: "train-memory",
    model: { preset: "llama-3.1-8b" },
    seqLen: 4096,
    microBatch: 2,
    precision: "fp16-mixed",
    lora: { baseBits: 16 },
  });
  const r = estimate<Memory>(req);
  await expect(figure(page, "tm", "allocator")).toHaveText(gib("en", r.allocatorPeakBytes));
  await expect(figure(page, "tm", "smi")).toHaveText(mib("en", r.nvidiaSmiBytes));
  // The headline: GB to rent, the need with headroom rounded up to 0.1 GB.
  await expect(figure(page, "tm", "rent")).toHaveText(gb("en", r.verdict.rentGB * 1e9));
  await expectNoBrokenNumbers(page);
});

test("inference memory and concurrency match the command line", async ({ page }) => {
  await openCalculators(page, "en", "im");
  await typeInto(page, "#im-contextTokens", "8192");
  await typeInto(page, "#im-sequences", "4");
  await page.selectOption("#im-gpu", "a100-80gb-sxm");
  const req = await pageRequest(page, "im");
  expect(req).toMatchObject({ contextTokens: 8192, sequences: 4, gpu: "a100-80gb-sxm" });
  const r = estimate<Memory>(req);
  await expect(figure(page, "im", "smi")).toHaveText(mib("en", r.nvidiaSmiBytes));
  await expect(figure(page, "im", "rent")).toHaveText(gb("en", r.verdict.rentGB * 1e9));
  await expect(figure(page, "im", "maxSeq")).toHaveText(num("en", r.maxSequences ?? null));
  await expect(page.locator('section[aria-labelledby="im-title"] .calc-warnings')).toContainText(
    "reserves",
  );
});

test("throughput matches the command line, on one GPU and on several", async ({ page }) => {
  await openCalculators(page, "en", "tp");
  await page.selectOption("#tp-gpu", "rtx-4090");
  await typeInto(page, "#tp-sequences", "1");
  const speeds: number[] = [];
  for (const n of ["1", "2", "4"]) {
    await typeInto(page, "#tp-tensorParallel", n);
    const req = await pageRequest(page, "tp");
    expect(req).toMatchObject({ task: "decode-speed", gpu: "rtx-4090", tensorParallel: Number(n) });
    const r = estimate<{ tokensPerSecond: number; ttftSeconds: number; limitedBy: string }>(req);
    await expect(figure(page, "tp", "decode")).toHaveText(
      `${num("en", r.tokensPerSecond)} tokens/s`,
    );
    await expect(figure(page, "tp", "ttft")).toHaveText(`${num("en", r.ttftSeconds)} s`);
    speeds.push(r.tokensPerSecond);
  }
  // Splitting the weights over n GPUs at most multiplies the bandwidth by n: never n².
  expect(speeds[1]! / speeds[0]!).toBeLessThanOrEqual(2.0001);
  expect(speeds[2]! / speeds[0]!).toBeLessThanOrEqual(4.0001);
});

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
    const slow = await pageRequest(page, "ct");
    expect(slow).toMatchObject({ task: "train-time", gpus: 128, network: "ethernet-25" });
    expect(slow).not.toHaveProperty("lora");
    await expect(figure(page, "ct", "hours")).toHaveText(
      `${num(lang, estimate<{ hours: number }>(slow).hours)} h`,
    );
    await page.selectOption("#ct-network", "ib-ndr-400");
    const fast = await pageRequest(page, "ct");
    const hours = estimate<{ hours: number }>(fast).hours;
    await expect(figure(page, "ct", "hours")).toHaveText(`${num(lang, hours)} h`);
    expect(hours).toBeLessThan(estimate<{ hours: number }>(slow).hours);
    await expect(page.locator("label[for='ct-network']")).toHaveText(
      lang === "en" ? "Network between nodes" : "节点间网络",
    );
  }
});

test("compute time matches the command line, and the seed's deadline example", async ({ page }) => {
  await openCalculators(page, "en", "ct");
  await typeInto(page, "#ct-tokens", "20B");
  await typeInto(page, "#ct-gpus", "8");
  await page.selectOption("#ct-gpu", "a100-80gb-sxm");
  const req = await pageRequest(page, "ct");
  expect(req).toMatchObject({ task: "train-time", tokens: 2e10, gpus: 8, gpu: "a100-80gb-sxm" });
  const r = estimate<{ hours: number }>(req);
  await expect(figure(page, "ct", "hours")).toHaveText(`${num("en", r.hours)} h`);
  // Seed: 1e8 samples x 1e9 FLOPs = 1e17 FLOPs needs 1.16 TFLOPS sustained over a day.
  await page.selectOption("#ct-work", "samples");
  await typeInto(page, "#ct-samples", "1e8");
  await typeInto(page, "#ct-flopsPerSample", "1e9");
  await typeInto(page, "#ct-deadlineHours", "24");
  await expect(figure(page, "ct", "sustained")).toHaveText("1.16 TFLOPS");
});

for (const lang of ["en", "zh-cn"] as const) {
  test(`cost options on different GPUs each run at their own speed (${lang})`, async ({ page }) => {
    await openCalculators(page, lang, "cc");
    await typeInto(page, "#cc-singleGpuHours", "10");
    await page.selectOption("#cc-o0-gpu", "a100-80gb-sxm");
    await typeInto(page, "#cc-o0-gpus", "1");
    await typeInto(page, "#cc-o0-pricePerHour", "7");
    await page.selectOption("#cc-o1-gpu", "h200-sxm");
    await typeInto(page, "#cc-o1-gpus", "1");
    await typeInto(page, "#cc-o1-pricePerHour", "18");
    const req = await pageRequest(page, "cc");
    expect(req).toMatchObject({
      options: [{ gpu: "a100-80gb-sxm" }, { gpu: "h200-sxm" }],
    });
    const r = estimate<{ options: { runHours: number }[] }>(req);
    const [a100, h200] = r.options;
    // The 10 hours were measured on the first option's A100; the H200 is faster.
    expect(a100?.runHours).toBe(10);
    expect(h200?.runHours).toBeLessThan(10);
    const rows = page.locator('[data-table="options"] tbody tr');
    await expect(rows.nth(0).locator("td").nth(0)).toHaveText(num(lang, a100?.runHours));
    await expect(rows.nth(1).locator("td").nth(0)).toHaveText(num(lang, h200?.runHours));
  });
}

test("cost comparison reproduces the seed: four cards pay off only below 3x the single-card price", async ({
  page,
}) => {
  await openCalculators(page, "en", "cc");
  await typeInto(page, "#cc-singleGpuHours", "72");
  await typeInto(page, "#cc-o0-gpus", "1");
  await typeInto(page, "#cc-o0-pricePerHour", "2.5");
  await typeInto(page, "#cc-o1-gpus", "4");
  await typeInto(page, "#cc-o1-scaling", "75");
  const rows = page.locator('[data-table="options"] tbody tr');
  // 72 h on one card vs 24 h on four.
  await expect(rows.nth(0).locator("td").nth(0)).toHaveText("72");
  await expect(rows.nth(1).locator("td").nth(0)).toHaveText("24");
  await typeInto(page, "#cc-o1-pricePerHour", "7.4");
  await expect(figure(page, "cc", "cheapest")).toContainText("2: 4 ×");
  await typeInto(page, "#cc-o1-pricePerHour", "7.6");
  await expect(figure(page, "cc", "cheapest")).toContainText("1: 1 ×");
  const req = await pageRequest(page, "cc");
  expect(req).toMatchObject({
    task: "cost",
    singleGpuHours: 72,
    options: [
      { gpus: 1, pricePerHour: 2.5 },
      { gpus: 4, pricePerHour: 7.6, scaling: 0.75 },
    ],
  });
  const r = estimate<{ options: { total: number }[] }>(req);
  await expect(rows.nth(0).locator('[data-cell="total"]')).toHaveText(
    num("en", r.options[0]?.total),
  );
  await expect(rows.nth(1).locator('[data-cell="total"]')).toHaveText(
    num("en", r.options[1]?.total),
  );
  await expect(page.locator('section[aria-labelledby="cc-title"] svg polyline')).toHaveCount(2);
});

for (const lang of ["en", "zh-cn"] as const) {
  test(`decision table shows the command line's plan, best count per GPU, for training and serving (${lang})`, async ({
    page,
  }) => {
    type Row = {
      gpu: string;
      gpus: number;
      verdict: string;
      hours: number | null;
      cost: number | null;
      tokensPerSecondPerUser?: number;
    };
    await openCalculators(page, lang, "gf");
    const rows = page.locator('[data-table="fit"] tbody tr');
    const ids = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu")));
    const train = await pageRequest(page, "gf");
    expect(train).toMatchObject({ task: "plan", workload: { task: "train-memory" } });
    const shown = estimate<{ best: Row[] }>(train).best;
    await expect(rows).toHaveCount(shown.length);
    expect(await ids()).toEqual(shown.map((x) => x.gpu));
    const first = shown[0]!;
    await expect(rows.first()).toHaveAttribute("data-verdict", first.verdict);
    await expect(rows.first().locator('[data-k="hours"]')).toHaveText(num(lang, first.hours, 2));
    await expect(rows.first().locator('[data-k="cost"]')).toHaveText(num(lang, first.cost, 2));
    // The plan's GPUs each run at their own speed: different GPUs, different times.
    const hours = new Set(shown.filter((x) => x.hours !== null).map((x) => x.hours));
    expect(hours.size).toBeGreaterThan(1);

    // Tokens typed in the table are the compute-time calculator's: one workload.
    await typeInto(page, "#gf-tokens", "2e9");
    await expect.poll(async () => (await pageRequest(page, "gf"))["tokens"]).toBe(2e9);
    await openCalculators(page, lang, "ct");
    await expect.poll(async () => (await pageRequest(page, "ct"))["tokens"]).toBe(2e9);
    // And a change on the compute-time page is the table's workload too.
    await typeInto(page, "#ct-tokens", "3e9");
    await openCalculators(page, lang, "gf");
    await expect.poll(async () => (await pageRequest(page, "gf"))["tokens"]).toBe(3e9);
    const followed = estimate<{ best: Row[] }>(await pageRequest(page, "gf")).best;
    await expect(rows.first().locator('[data-k="hours"]')).toHaveText(
      num(lang, followed[0]!.hours, 2),
    );

    await page.selectOption("#gf-mode", "inference");
    await typeInto(page, "#gf-users", "20");
    await typeInto(page, "#gf-outputTokensPerSecondPerUser", "20");
    await expect
      .poll(async () => (await pageRequest(page, "gf"))["workload"])
      .toMatchObject({ task: "serve", users: 20, outputTokensPerSecondPerUser: 20 });
    const serve = estimate<{ best: Row[] }>(await pageRequest(page, "gf"));
    const served = serve.best;
    await expect.poll(ids).toEqual(served.map((x) => x.gpu));
    for (const x of served.filter((y) => y.verdict !== "does-not-fit"))
      expect(x.tokensPerSecondPerUser).toBeGreaterThanOrEqual(20);
  });
}

for (const lang of ["en", "zh-cn"] as const) {
  test(`decision table plans a batch job from a time per item measured on one GPU (${lang})`, async ({
    page,
  }) => {
    type Row = { gpu: string; gpus: number; hours: number | null; costPerUnit?: number | null };
    await openCalculators(page, lang, "gf");
    await page.selectOption("#gf-mode", "batch");
    await typeInto(page, "#gf-secondsPerFrame", "30");
    await typeInto(page, "#gf-frames", "1000");
    await page.selectOption("#gf-measuredOn", "l40s");
    await expect
      .poll(async () => pageRequest(page, "gf"))
      .toMatchObject({
        workload: { task: "render", secondsPerFrame: 30, frames: 1000 },
        measuredOn: "l40s",
      });
    const request = await pageRequest(page, "gf");
    const { best } = estimate<{ best: Row[] }>(request);
    const rows = page.locator('[data-table="fit"] tbody tr');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu"))))
      .toEqual(best.map((x) => x.gpu));
    const l40s = best.find((x) => x.gpu === "l40s")!;
    const shown = page.locator('[data-table="fit"] tbody tr[data-gpu="l40s"]');
    await expect(shown.locator('[data-k="hours"]')).toHaveText(num(lang, l40s.hours, 2));
    // The time measured on the L40S is the L40S's own: 30 s x 1,000 items over its GPUs.
    expect(l40s.hours).toBeCloseTo((Math.ceil(1000 / l40s.gpus) * 30) / 3600, 9);
    await expect(page.locator('[data-table="fit"] thead')).toContainText(
      lang === "en" ? "Per item" : "每项费用",
    );
    // The note names the example the fields start from, as the store holds it.
    await expect(page.locator('section[aria-labelledby="gf-title"]')).toContainText(
      num(lang, BATCH_EXAMPLE.frames, 0),
    );
    // A batch job has no model: the table does not name one.
    await expect(page.locator('section[aria-labelledby="gf-title"] .calc-model')).toHaveCount(0);
    await expectNoBrokenNumbers(page);
  });
}

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
