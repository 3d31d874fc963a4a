/**
 * Page = command line, for every calculator widget, as a property over random inputs: the
 * stores are set to what a user could set, each widget's view is read as its island renders
 * it, and its figures (as text, in both languages) are checked against the command line's
 * result (`runTyped`, the in-process CLI path) for the request this test writes itself from
 * the same inputs (page-inputs.ts). The request the page shows must be that request, and a
 * request the command line refuses must be refused on the page, naming the same fields.
 */
import fc from "fast-check";
import { batch } from "nanostores";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import type { TaskId, TaskRequest, TaskResult } from "../../../src/estimate/registry.ts";
import { runTyped } from "../../../src/estimate/registry.ts";
import type { Outcome, TaskContext } from "../../../src/estimate/request/task.ts";
import { calculatorStrings, engineMessages } from "../../../src/i18n/calculators.ts";
import type { Text } from "../../../src/i18n/text.ts";
import { sayer } from "../../../src/i18n/text.ts";
import type { Widget } from "../../../src/i18n/widget-strings.ts";
import { widgetStrings } from "../../../src/i18n/widget-strings.ts";
import { loadExchangeRates, loadReferencePrices } from "../../../src/prices/load.ts";
import { provideCatalog, taskContext } from "../../../src/stores/catalog.ts";
import { $cost } from "../../../src/stores/cost.ts";
import { engine } from "../../../src/stores/engine-impl.ts";
import { provideEngine } from "../../../src/stores/engine.ts";
import { $fit } from "../../../src/stores/fit.ts";
import { $job } from "../../../src/stores/job.ts";
import { $model } from "../../../src/stores/model.ts";
import { $serving } from "../../../src/stores/serving.ts";
import { $training } from "../../../src/stores/training.ts";
import { $yourPrices } from "../../../src/stores/your-prices.ts";
import { computeTimeView } from "../../../src/stores/views/compute-time.ts";
import { costView } from "../../../src/stores/views/cost.ts";
import type { View } from "../../../src/stores/views/define.ts";
import { frontDoorView } from "../../../src/stores/views/front-door.ts";
import { gpuFitView } from "../../../src/stores/views/gpu-fit.ts";
import { inferenceMemoryView } from "../../../src/stores/views/inference-memory.ts";
import { modelPickerView } from "../../../src/stores/views/model-picker.ts";
import type { Figure, Shown } from "../../../src/stores/views/result.ts";
import { throughputView } from "../../../src/stores/views/throughput.ts";
import { trainingMemoryView } from "../../../src/stores/views/training-memory.ts";
import type { Lang } from "../../support/shown-text.ts";
import {
  colon,
  DEADLINE_VERDICT,
  inUnit,
  LANGS,
  list,
  plain,
  scientific,
} from "../../support/shown-text.ts";
import * as input from "./page-inputs.ts";
import { bestRows } from "../../../src/stores/views/plan-rows.ts";

const ALL_GPUS = loadGpuSpecs();
/** A plan tries every GPU at every count: four GPUs keep a case near a millisecond. */
const PLAN_GPUS = ["rtx-4090", "a100-80gb-sxm", "l40s", "t4"];
/** Hours on each GPU, a scaling prediction each: a few, one of them without a compute figure. */
const TIME_GPUS = [...PLAN_GPUS, "h100-sxm", "ascend-910b"];
const PRESET_LIST = [...PRESETS];
/**
 * Text in each language with the strings one widget's island has once the engine has run:
 * its own (`widgetStrings`) and the result messages loaded with the engine, so a message
 * key the widget is not given shows up as a mismatch.
 */
const islandStrings = (lang: Lang, widget: Widget) => ({
  ...widgetStrings(lang, widget, new Set()),
  ...engineMessages(lang),
});
const sayFor = (widget: Widget) => ({
  en: sayer(islandStrings("en", widget), "en"),
  "zh-cn": sayer(islandStrings("zh-cn", widget), "zh-cn"),
});
/** The keys of a text, each message by the first of its keys (or none, if it says `or`), that `t` lacks. */
function unlabelled(x: Text, t: Readonly<Record<string, string>>): string[] {
  if (typeof x === "string" || "n" in x || "after" in x) return [];
  if ("list" in x) return x.list.flatMap((i) => unlabelled(i, t));
  const keys = typeof x.key === "string" ? [x.key] : x.key;
  const own = keys.some((k) => k in t) || x.or !== undefined ? [] : keys.slice(0, 1);
  return [
    ...own,
    ...Object.values(x.params ?? {}).flatMap((p) =>
      typeof p === "number" ? [] : unlabelled(p, t),
    ),
  ];
}

const MSG_PARTS = new Set(["key", "params", "or"]);
const isMsg = (o: Record<string, unknown>): boolean =>
  (typeof o["key"] === "string" || Array.isArray(o["key"])) &&
  Object.keys(o).every((k) => MSG_PARTS.has(k));
/**
 * Everything a view shows but its result (its inputs however deep: a group's, a list's
 * rows; its title and notes) is said by the page's own strings for its widget: an input
 * appears on an edit, before the engine (and its words) may have loaded, and the result
 * shows as the page was built until the engine computes (`Live.tsx`).
 */
const pageOnly = new Map<string, Record<string, string>>();
function expectInputsLabelled(view: unknown, widget: Widget): void {
  for (const lang of LANGS) {
    const t = pageOnly.get(`${widget} ${lang}`) ?? widgetStrings(lang, widget, new Set());
    pageOnly.set(`${widget} ${lang}`, t);
    const missing: string[] = [];
    const visit = (x: unknown): void => {
      if (Array.isArray(x)) return x.forEach(visit);
      if (typeof x !== "object" || x === null) return;
      const o = x as Record<string, unknown>;
      if (isMsg(o)) return void missing.push(...unlabelled(o as unknown as Text, t));
      for (const [k, v] of Object.entries(o)) if (k !== "result") visit(v);
    };
    visit(view);
    // An issue beside a field is the engine's finding, its words loaded with it, or one the
    // page raises itself (`PAGE_ISSUES`, whose words it carries).
    const own = [...new Set(missing)].filter((k) => !k.startsWith("issue."));
    expect(own, `${widget} (${lang})`).toEqual([]);
  }
}

/** The widget under test's text (set at the start of each test). */
let say = sayFor("TrainingMemory");
const strings = { en: calculatorStrings("en"), "zh-cn": calculatorStrings("zh-cn") };
/** Cases per widget; each prints its rate. */
const RUNS = Number(process.env["PARITY_RUNS"] ?? 400);
/** A property runs for seconds on a busy machine: longer than a unit test's default limit. */
const LONG = { timeout: 300_000 };

function useCatalog(ids?: readonly string[]): string[] {
  const gpus = ids ? ALL_GPUS.filter((g) => ids.includes(g.id)) : ALL_GPUS;
  // With the dated exchange rates, as the page has them: a price in the other currency is
  // converted and marked, not dropped.
  provideCatalog({
    gpus,
    presets: PRESET_LIST,
    prices: loadReferencePrices(),
    rates: loadExchangeRates(),
  });
  return gpus.map((g) => g.id);
}

const ctx = (): TaskContext => taskContext();
const nameOf = (id: string) => ALL_GPUS.find((g) => g.id === id)?.name ?? id;

/**
 * A widget under test: its view, subscribed as its island subscribes, over a catalog of
 * `ids` (every GPU by default); `gpus()` are the catalog's ids, to draw inputs from.
 */
function widget<V>(view: View<V>, ids?: readonly string[]) {
  let off = () => {};
  let gpus: string[] = [];
  beforeAll(() => {
    gpus = useCatalog(ids);
    off = view.$view.listen(() => {});
  });
  afterAll(() => off());
  return { view: () => view.$view.get(), gpus: () => gpus };
}

/**
 * The page refuses exactly what the command line refuses, naming the same fields; returns
 * the accepted result to compare figures with, or null.
 */
function agree<R, V>(shown: Shown<V>, cli: Outcome<R>): R | null {
  expect(shown.status).not.toBe("computing");
  if (!cli.ok) {
    expect(shown.status).toBe("issues");
    if (shown.status === "issues")
      expect(shown.issues.map((i) => i.field).sort()).toEqual(
        cli.issues.map((i) => i.field).sort(),
      );
    return null;
  }
  expect(shown.status, JSON.stringify(shown)).toBe("ok");
  return cli.result;
}

/** The request "Show the request" prints equals the one this test wrote. */
function sameRequest(shown: string | null, written: TaskRequest<TaskId>): void {
  expect(shown === null ? null : JSON.parse(shown)).toEqual(written);
}

const figureText = (figures: readonly Figure[], lang: Lang) =>
  Object.fromEntries(figures.map((f) => [f.key, say[lang](f.value)]));

/** Runs a property, then prints how many cases a second it checked. */
function check<Ts extends unknown[]>(
  name: string,
  property: fc.IRawProperty<Ts>,
  runs = RUNS,
): void {
  const start = performance.now();
  fc.assert(property, { numRuns: runs }) as void;
  const ms = performance.now() - start;
  console.log(
    `${name}: ${runs} cases in ${ms.toFixed(0)} ms, ${((runs / ms) * 1000).toFixed(0)} cases/s`,
  );
}

provideEngine(engine);

/** A figure with its likely range, as each language words a sentence or a table cell. */
const withRange = (
  lang: (typeof LANGS)[number],
  value: string,
  range: { low: number; high: number } | null | undefined,
  form: "sentence" | "cell",
  digits?: number,
  /** null: a plain number ("requests per second" says its unit in its label). */
  unit: "hours" | "tokens-per-second" | "seconds" | null = "hours",
): string => {
  if (!range) return value;
  const low = plain(lang, range.low, digits);
  if (form === "cell") {
    const high = plain(lang, range.high, digits);
    return lang === "en" ? `${value} (${low}–${high})` : `${value}（${low}–${high}）`;
  }
  const high =
    unit === null ? plain(lang, range.high, digits) : inUnit(lang, range.high, unit, digits);
  return lang === "en" ? `${value}, likely ${low}–${high}` : `${value}，可能 ${low}–${high}`;
};

describe("memory widgets", () => {
  const training = widget(trainingMemoryView);
  const inference = widget(inferenceMemoryView);

  it("training memory shows the command line's figures, verdict and breakdown", LONG, () => {
    say = sayFor("TrainingMemory");
    const arbs = [input.modelChoice(PRESET_LIST), input.training(training.gpus())] as const;
    check(
      "training memory",
      fc.property(...arbs, (m, t) => {
        $model.set(m);
        $training.set(t);
        const v = training.view();
        expectInputsLabelled(v, "TrainingMemory");
        const request = input.trainMemoryRequest(m, t);
        sameRequest(v.request, request);
        const r = agree(v.result, runTyped(request, ctx()));
        if (!r || v.result.status !== "ok") return;
        for (const lang of LANGS) {
          expect(figureText(v.result.figures, lang)).toEqual({
            allocator: inUnit(lang, r.allocatorPeakBytes / 2 ** 30, "gib", 1),
            smi: inUnit(lang, r.nvidiaSmiBytes / 2 ** 20, "mib", 0),
            trainable: inUnit(lang, r.trainableParams / 1e6, "millions", 1),
          });
          expectVerdict(v.result.verdict, r.verdict, lang);
          expectBar(v.result.bar, r.breakdown, r.recommendedBytes, lang);
        }
      }),
    );
  });

  it("inference memory shows the command line's figures, verdict and breakdown", LONG, () => {
    say = sayFor("InferenceMemory");
    const arbs = [input.modelChoice(PRESET_LIST), input.serving(inference.gpus())] as const;
    check(
      "inference memory",
      fc.property(...arbs, (m, s) => {
        $model.set(m);
        $serving.set(s);
        const v = inference.view();
        expectInputsLabelled(v, "InferenceMemory");
        const request = input.inferMemoryRequest(m, s);
        sameRequest(v.request, request);
        const r = agree(v.result, runTyped(request, ctx()));
        if (!r || v.result.status !== "ok") return;
        for (const lang of LANGS) {
          expect(figureText(v.result.figures, lang)).toEqual({
            weights: inUnit(lang, r.weightBytes / 2 ** 30, "gib", 1),
            kv: inUnit(lang, r.kvCacheBytes / 2 ** 30, "gib", 1),
            smi: inUnit(lang, r.nvidiaSmiBytes / 2 ** 20, "mib", 0),
            maxSeq: plain(lang, r.maxSequences),
            ...(r.kvPool
              ? {
                  kvPool: inUnit(lang, r.kvPool.bytes / 2 ** 30, "gib", 1),
                  kvPoolTokens: plain(lang, r.kvPool.tokens),
                }
              : {}),
          });
          expectVerdict(v.result.verdict, r.verdict, lang);
          expectBar(v.result.bar, r.breakdown, r.recommendedBytes, lang);
        }
      }),
    );
  });
});

type VerdictView = Extract<
  ReturnType<typeof trainingMemoryView.initial>["result"],
  { status: "ok" }
>["verdict"];
type BarView = Extract<
  ReturnType<typeof trainingMemoryView.initial>["result"],
  { status: "ok" }
>["bar"];
type Verdict = TaskResult<"train-memory">["verdict"];

/** "Rent at least X GB": the figure, the chosen GPU's yes or no, the GPUs it fits on. */
function expectVerdict(v: VerdictView, r: Verdict, lang: Lang): void {
  expect(v.rentGB).toBe(r.rentGB);
  expect(say[lang].around(v.rent, "gb")[1]).toBe(inUnit(lang, r.rentGB, "gb", 1));
  expect(v.chosen?.fit ?? null).toBe(r.chosen?.fit ?? null);
  if (r.fitsOn.length > 0)
    expect(say[lang](v.fitsOn)).toBe(list(lang, r.fitsOn.slice(0, 5).map(nameOf)));
  const rest = r.fitsOn.slice(5).map(nameOf);
  expect(v.more === null ? "" : say[lang](v.more.names)).toBe(list(lang, rest));
}

/** The breakdown bar: the parts with a value, each in GB, and the memory to rent. */
function expectBar(
  bar: BarView,
  parts: readonly { key: string; value: number }[],
  total: number,
  lang: Lang,
): void {
  const shown = parts.filter((p) => p.value > 0);
  expect(bar.parts.map((p) => [p.key, say[lang](p.value)])).toEqual(
    shown.map((p) => [p.key, inUnit(lang, p.value / 1e9, "gb", 1)]),
  );
  expect(say[lang](bar.total)).toBe(inUnit(lang, total / 1e9, "gb", 1));
}

/** The time to first token as each language words it: with its range, and its spread where requests wait unlike each other. */
function ttftText(lang: (typeof LANGS)[number], r: TaskResult<"decode-speed">): string {
  const mean = withRange(
    lang,
    inUnit(lang, r.ttftSeconds, "seconds"),
    r.ttftRange,
    "sentence",
    undefined,
    "seconds",
  );
  if (r.ttftP90Seconds === r.ttftSeconds) return mean;
  const [p50, p90] = [r.ttftMedianSeconds, r.ttftP90Seconds].map((x) => inUnit(lang, x, "seconds"));
  return lang === "en"
    ? `on average ${mean}; median ${p50}, 90% of requests within ${p90}`
    : `平均 ${mean}；中位数 ${p50}，90% 的请求在 ${p90} 内`;
}

describe("model picker", () => {
  const picker = widget(modelPickerView);

  it("labels every input of each way to describe a model from its own strings", LONG, () => {
    check(
      "model picker",
      fc.property(input.modelChoice(PRESET_LIST), (m) => {
        $model.set(m);
        expectInputsLabelled(picker.view(), "ModelPicker");
      }),
      100,
    );
  });
});

describe("throughput", () => {
  const throughput = widget(throughputView);

  it("throughput shows the command line's decode and prefill speed", LONG, () => {
    say = sayFor("Throughput");
    const arbs = [input.modelChoice(PRESET_LIST), input.serving(throughput.gpus())] as const;
    check(
      "throughput",
      fc.property(...arbs, (m, s) => {
        $model.set(m);
        $serving.set(s);
        const v = throughput.view();
        expectInputsLabelled(v, "Throughput");
        const request = input.decodeSpeedRequest(m, s);
        sameRequest(v.request, request);
        const r = agree(v.result, runTyped(request, ctx()));
        if (!r || v.result.status !== "ok") return;
        for (const lang of LANGS)
          expect(figureText(v.result.figures, lang)).toEqual({
            decode: withRange(
              lang,
              inUnit(lang, r.tokensPerSecond, "tokens-per-second"),
              r.tokensPerSecondRange,
              "sentence",
              undefined,
              "tokens-per-second",
            ),
            perSeq: withRange(
              lang,
              inUnit(lang, r.tokensPerSecondPerSequence, "tokens-per-second"),
              r.tokensPerSecondPerSequenceRange,
              "sentence",
              undefined,
              "tokens-per-second",
            ),
            bound: inUnit(lang, r.boundTokensPerSecond, "tokens-per-second"),
            limit: strings[lang][`opt.${r.limitedBy}`],
            prefill: inUnit(lang, r.prefillTokensPerSecond, "tokens-per-second"),
            ttft: ttftText(lang, r),
            rps: withRange(
              lang,
              plain(lang, r.requestsPerSecond),
              r.requestsPerSecondRange,
              "sentence",
              undefined,
              null,
            ),
            likely: expect.stringContaining(String(r.tokensPerSecondRange.runs)),
            ttftLikely: expect.stringContaining(String(r.ttftRange.runs)),
          });
      }),
    );
  });
});

describe("compute time", () => {
  const computeTime = widget(computeTimeView, TIME_GPUS);

  it("compute time shows the command line's FLOPs, rates and hours on each GPU", LONG, () => {
    say = sayFor("ComputeTime");
    const arbs = [
      input.modelChoice(PRESET_LIST),
      input.training(computeTime.gpus()),
      input.job(),
    ] as const;
    check(
      "compute time",
      fc.property(...arbs, (m, t, j) => {
        batch(() => {
          $model.set(m);
          $training.set(t);
          $job.set(j);
        });
        const v = computeTime.view();
        expectInputsLabelled(v, "ComputeTime");
        const request = input.trainTimeRequest(m, t, j);
        sameRequest(v.request, request);
        const r = agree(v.result, runTyped(request, ctx()));
        if (!r || v.result.status !== "ok") return;
        for (const lang of LANGS) {
          expect(figureText(v.result.figures, lang)).toEqual({
            flops: `${scientific(lang, r.flops)} FLOPs`,
            sustained: inUnit(lang, r.deadlineSustainedTflops, "tflops"),
            peakNeeded: inUnit(lang, r.deadlinePeakTflopsNeeded, "tflops"),
            hours: withRange(lang, inUnit(lang, r.hours, "hours"), r.hoursRange, "sentence"),
            ...(r.deadlineVerdict === undefined
              ? {}
              : {
                  deadline: DEADLINE_VERDICT[lang][r.deadlineVerdict],
                }),
            likely: expect.stringContaining(String(r.hoursRange.runs)),
          });
          expect(
            v.result.table.rows.map((row) => [
              say[lang](row.head),
              ...row.cells.map((c) => say[lang](c.text)),
            ]),
          ).toEqual(
            r.byGpu.map((x) => [
              nameOf(x.gpu),
              plain(lang, x.peakTflops),
              withRange(lang, plain(lang, x.hours), x.hoursRange, "cell"),
            ]),
          );
        }
      }),
    );
  });
});

describe("cost comparison", () => {
  const cost = widget(costView);

  it(
    "shows the command line's cheapest and fastest option and each option's hours and cost",
    LONG,
    () => {
      say = sayFor("CostComparison");
      check(
        "cost comparison",
        fc.property(input.cost(cost.gpus()), (k) => {
          $cost.set(k);
          const v = cost.view();
          expectInputsLabelled(v, "CostComparison");
          const request = input.costRequest(k);
          sameRequest(v.request, request);
          const r = agree(v.result, runTyped(request, ctx()));
          if (!r || v.result.status !== "ok") return;
          for (const lang of LANGS) {
            const label = (i: number) => {
              const o = r.options[i]?.option;
              return `${i + 1}${colon(lang)}${plain(lang, o?.gpus, 0)} × ${nameOf(o?.gpu ?? "")}`;
            };
            // Every total in the request's currency (the page's when it names none).
            const money = (n: number | null | undefined) =>
              n === null || n === undefined ? plain(lang, n) : `${plain(lang, n, 2)} ${r.currency}`;
            expect(figureText(v.result.figures, lang)).toEqual({
              cheapest: `${label(r.cheapest)}${colon(lang)}${money(r.options[r.cheapest]?.total)}`,
              fastest: `${label(r.fastest)}${colon(lang)}${inUnit(lang, r.options[r.fastest]?.hours, "hours")}`,
              breakEven:
                r.monthlyBreakEvenHours === undefined
                  ? strings[lang]["cc.noMonthly"]
                  : inUnit(lang, r.monthlyBreakEvenHours, "hours"),
            });
            expect(
              v.result.table.rows.map((row) => [
                say[lang](row.head),
                ...row.cells.map((c) => say[lang](c.text)),
              ]),
            ).toEqual(
              r.options.map((x, i) => [
                label(i),
                plain(lang, x.runHours),
                plain(lang, x.hours),
                money(x.total),
                money(x.costPerUnit),
              ]),
            );
          }
        }),
      );
    },
  );
});

describe("plan widgets", () => {
  const table = widget(gpuFitView, PLAN_GPUS);
  const frontDoor = widget(frontDoorView, PLAN_GPUS);
  const inputs = () => {
    const gpus = table.gpus();
    return [
      input.fit(gpus),
      input.modelChoice(PRESET_LIST),
      input.training(gpus),
      input.serving(gpus),
      input.job(),
      input.yourPrices(gpus),
    ] as const;
  };
  const set = (...[f, m, t, s, j, y]: Parameters<typeof input.planRequest>) => {
    batch(() => {
      $fit.set(f);
      $model.set(m);
      $training.set(t);
      $serving.set(s);
      $job.set(j);
      $yourPrices.set(y);
    });
    return input.planRequest(f, m, t, s, j, y);
  };

  it(
    "the decision table lists the command line's plan: each GPU at its best count, its hours and cost",
    LONG,
    () => {
      say = sayFor("GpuFit");
      check(
        "decision table",
        fc.property(...inputs(), (f, m, t, s, j, y) => {
          const request = set(f, m, t, s, j, y);
          const v = table.view();
          expectInputsLabelled(v, "GpuFit");
          sameRequest(v.request, request);
          const r = agree(v.result, runTyped(request, ctx()));
          if (!r || v.result.status !== "ok") return;
          const rows = v.result.table.rows;
          expect(rows.map((x) => x.data?.["data-gpu"])).toEqual(bestRows(r).map((x) => x.gpu));
          expect(rows.map((x) => x.data?.["data-verdict"])).toEqual(
            bestRows(r).map((x) => x.verdict),
          );
          for (const lang of LANGS) {
            const cell = (i: number, k: string) =>
              say[lang](rows[i]?.cells.find((c) => c.k === k)?.text ?? "");
            bestRows(r).forEach((x, i) => {
              expect(cell(i, "hours")).toBe(
                withRange(lang, plain(lang, x.hours, 2), x.hoursRange, "cell", 2),
              );
              expect(cell(i, "cost")).toBe(plain(lang, x.cost, 2));
              expect(cell(i, "gpus")).toBe(
                lang === "en"
                  ? `${plain(lang, x.gpus, 0)} (${plain(lang, x.nodes, 0)})`
                  : `${plain(lang, x.gpus, 0)}（${plain(lang, x.nodes, 0)}）`,
              );
              // Memory to rent per GPU as the memory pages' headline prints it: the need in GB
              // rounded up to the next 0.1 GB (10⁸ bytes), a dash where nothing fits.
              const need = x.memoryPerGpuBytes;
              expect(cell(i, "memory")).toBe(
                need === null ? "—" : inUnit(lang, Math.ceil(need / 1e8 - 1e-9) / 10, "gb", 1),
              );
              // A served row of several copies says each copy's GPUs and users, which that
              // memory is for.
              const tp = x.tensorParallel;
              const each = x.usersPerReplica;
              if (tp !== undefined && each !== undefined && x.gpus > tp) {
                const copies = plain(lang, x.gpus / tp, 0);
                const users = plain(lang, each, 0);
                const shape = strings[lang][`shape.${x.shape}`];
                expect(cell(i, "shape")).toBe(
                  lang === "en"
                    ? tp === 1
                      ? `${shape}: ${copies} copies of one GPU; users per copy: ${users}`
                      : `${shape}: ${copies} copies of ${tp} GPUs; users per copy: ${users}`
                    : tp === 1
                      ? `${shape}：${copies} 个副本，每个单卡，各服务 ${users} 位用户`
                      : `${shape}：${copies} 个副本，每个 ${tp} 张 GPU，各服务 ${users} 位用户`,
                );
              } else expect(cell(i, "shape")).toBe(strings[lang][`shape.${x.shape}`]);
              // The verdict counts from the row's own GPUs: what the GPU needs, and the rest
              // said to be for speed; a batch row without a resolution claims no fit.
              const en = lang === "en";
              const needs = {
                fits: en ? "fits on 1 GPU" : "1 张卡装得下",
                "needs-gpus": en
                  ? `needs ${x.fewestGpus} GPUs in one node`
                  : `需要同一节点内 ${x.fewestGpus} 张 GPU`,
                "needs-nodes": en
                  ? `needs ${x.fewestNodes} nodes of ${x.gpusPerNode}`
                  : `需要 ${x.fewestNodes} 个节点，每个 ${x.gpusPerNode} 张`,
                "does-not-fit": en ? "does not fit" : "装不下",
              }[x.verdict];
              const counted =
                x.verdict !== "does-not-fit" && x.gpus > x.fewestGpus
                  ? en
                    ? `${needs}; ${x.gpus} for speed`
                    : `${needs}；用 ${x.gpus} 张提速`
                  : needs;
              // A tight fit says what the headroom lacks, rounded up to 0.1 GB, never 0.
              const short =
                x.memoryShortBytes === undefined
                  ? null
                  : inUnit(lang, Math.ceil(x.memoryShortBytes / 1e8 - 1e-9) / 10, "gb", 1);
              expect(cell(i, "verdict")).toBe(
                x.reasons.includes("memory-unchecked")
                  ? en
                    ? "memory not checked: give the resolution"
                    : "未检查显存：请填写分辨率"
                  : short === null
                    ? counted
                    : en
                      ? `${counted}, tight: the headroom lacks ${short} per GPU; a short real run decides`
                      : `${counted}，偏紧：每张 GPU 余量差 ${short}；以一次短的实测为准`,
              );
              // Serving: the users the row's GPUs could serve at the rate asked, and the share unused.
              if (x.capacityUsers !== undefined && x.spareShare !== undefined) {
                const users = plain(lang, x.capacityUsers, 0);
                const spare = inUnit(lang, x.spareShare * 100, "percent", 0);
                expect(cell(i, "capacity")).toBe(
                  en ? `${users} (${spare} unused)` : `${users}（${spare} 闲置）`,
                );
              }
            });
            // The limits answer is there exactly when a deadline or a budget is given.
            expect(v.result.lines.length > 0).toBe(r.limits.met !== null);
          }
        }),
        RUNS / 4,
      );
    },
  );

  it(
    "the front door answers with the plan's first options that run, their hours and cost",
    LONG,
    () => {
      say = sayFor("FrontDoor");
      check(
        "front door",
        fc.property(...inputs(), (f, m, t, s, j, y) => {
          const request = set(f, m, t, s, j, y);
          const v = frontDoor.view();
          expectInputsLabelled(v, "FrontDoor");
          const r = agree(v.result, runTyped(request, ctx()));
          if (!r || v.result.status !== "ok") return;
          const top = bestRows(r)
            .filter((x) => x.verdict !== "does-not-fit")
            .slice(0, 3);
          expect(v.result.options.map((o) => [o.gpu, o.gpus])).toEqual(
            top.map((x) => [x.gpu, x.gpus]),
          );
          const serve = (f.mode ?? "training") === "inference";
          for (const lang of LANGS)
            top.forEach((x, i) => {
              const text = say[lang](
                v.result.status === "ok" ? (v.result.options[i]?.text ?? "") : "",
              );
              expect(text).toContain(`${plain(lang, x.gpus, 0)}`);
              if (x.cost !== null)
                expect(text).toContain(
                  `${plain(lang, serve ? x.costPerMillionTokens : x.cost, 2)} ${r.currency}`,
                );
              // An option that misses the deadline yet would read at or under it to one digit
              // shows more digits (tests/unit/views/deadline-message.test.ts).
              const d = j.deadlineHours;
              const close =
                d !== undefined &&
                x.hours !== null &&
                x.hours > d &&
                Math.round(x.hours * 10) / 10 <= d;
              if (!close)
                expect(text).toContain(
                  serve
                    ? inUnit(lang, x.tokensPerSecondPerUser, "tokens-per-second", 1)
                    : inUnit(lang, x.hours, "hours", 1),
                );
              // A converted cost names the currency it came from; the rate is said once, below.
              const c = x.cost === null ? null : x.priceConversion;
              if (c)
                expect(text).toContain(
                  lang === "en" ? `converted from ${c.from}` : `由 ${c.from} 换算`,
                );
            });
          const rates = new Set(
            top.flatMap((x) =>
              x.cost !== null && x.priceConversion
                ? [`${x.priceConversion.rate.rate} ${x.priceConversion.rate.quote}`]
                : [],
            ),
          );
          const lines = v.result.status === "ok" ? v.result.rates : [];
          expect(lines).toHaveLength(rates.size);
          for (const lang of LANGS)
            for (const [i, rate] of [...rates].entries())
              expect(say[lang](lines[i]!)).toContain(
                lang === "en" ? `Converted at ${rate} per` : `换算汇率：${rate}/`,
              );
        }),
        RUNS / 4,
      );
    },
  );
});
