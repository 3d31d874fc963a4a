/**
 * The words of results a page carries: those its initial results name, found the way the
 * views say them (`warningMessage`, `assumptionMessages`); the rest load with the engine.
 */
import { describe, expect, it } from "vitest";
import { calculatorStrings, engineMessages, isResultKey } from "../../../src/i18n/calculators.ts";
import type { Widget } from "../../../src/i18n/widget-strings.ts";
import { WIDGET_KEYS, widgetStrings } from "../../../src/i18n/widget-strings.ts";
import { resultMessageKeys } from "../../../src/i18n/messages.ts";
import { textKeys } from "../../../src/i18n/text.ts";

describe("textKeys", () => {
  it("names a message's keys, those of its parameters and of lists, and nothing for figures", () => {
    expect(
      textKeys({
        key: ["a.first", "a.second"],
        params: { x: 3, y: { key: "b.inner" }, z: { list: [{ key: "c.item" }, "literal"] } },
      }),
    ).toEqual(["a.first", "a.second", "b.inner", "c.item"]);
    expect(textKeys({ n: 3, unit: "gb" })).toEqual([]);
    expect(textKeys("RTX 4090")).toEqual([]);
  });
});

describe("resultMessageKeys", () => {
  it("finds warnings and assumptions however deep a task nests them", () => {
    const outcomes = {
      plan: {
        ok: true,
        // The request it echoes names nothing: its values are the inputs', labelled by them.
        request: { workload: { engine: "sglang" }, sortBy: "cost" },
        result: {
          rows: [
            {
              engine: "vllm",
              warnings: [{ code: "kv-pool-short", params: { gpu: "l40s", users: 3 } }],
              assumptions: [{ key: "mfu", value: 0.4, source: "estimator" }],
            },
          ],
          // Every string value is tried as an option's label ("opt.<value>", else itself).
          assumptions: [{ key: "precision", value: "bf16", source: "request" }],
          warnings: [{ code: "users-queued", params: { figures: "memoryGB,linkGBps" } }],
        },
      },
    };
    expect([...resultMessageKeys(outcomes)].sort()).toEqual(
      [
        "opt.vllm",
        "warn.kv-pool-short",
        "opt.l40s",
        "as.mfu",
        "src.estimator",
        "as.precision",
        "opt.bf16",
        "src.request",
        "warn.users-queued",
        "fig.memoryGB",
        "fig.linkGBps",
      ].sort(),
    );
    expect(resultMessageKeys({ ok: false, issues: [] }).size).toBe(0);
  });

  it("names each part of a breakdown by the key of its label", () => {
    const breakdown = [
      { key: "weights", labelKey: "breakdown.weights", value: 16e9 },
      { key: "kv-cache", labelKey: "breakdown.kv-cache", value: 2e9 },
    ];
    expect(resultMessageKeys({ ok: true, result: { total: 18e9, breakdown } })).toEqual(
      new Set([
        "breakdown.weights",
        "breakdown.kv-cache",
        // Every string is tried as an option's label; the page keeps only keys it has.
        "opt.weights",
        "opt.kv-cache",
        "opt.breakdown.weights",
        "opt.breakdown.kv-cache",
      ]),
    );
  });

  it("names the sentence a likely range rests on by the range's basis", () => {
    const rows = [{ hoursRange: { low: 10, high: 17, basis: "training-adapter", runs: 40 } }];
    expect(resultMessageKeys({ ok: true, result: { rows } })).toEqual(
      new Set(["likely.basis.training-adapter", "opt.training-adapter"]),
    );
  });
});

describe("a widget's strings", () => {
  const allResultKeys = new Set(Object.keys(calculatorStrings("en")).filter(isResultKey));

  it("hold the result messages their initial results name, and no others", () => {
    const named = new Set(["warn.kv-pool-short", "as.mfu"]);
    // Labels aside: those of the widget's inputs always come (below).
    const keys = Object.keys(widgetStrings("en", "GpuFit", named)).filter((k) =>
      /^(warn|as|src|issue)\./.test(k),
    );
    expect(keys.sort()).toEqual(["as.mfu", "warn.kv-pool-short"]);
  });

  it("hold every word of results the initial results name, whatever its prefix", () => {
    // A throughput result limited by memory bandwidth shows that limit's option label.
    const named = new Set(["opt.memory-bandwidth", "warn.kv-pool-short"]);
    for (const lang of ["en", "zh-cn"] as const) {
      const strings = widgetStrings(lang, "Throughput", named);
      expect(strings["opt.memory-bandwidth"]).toBe(lang === "en" ? "memory bandwidth" : "显存带宽");
      expect(strings["warn.kv-pool-short"]).toBe(calculatorStrings(lang)["warn.kv-pool-short"]);
    }
  });

  it("with the engine's words, are every string the widget may show, in each language", () => {
    for (const lang of ["en", "zh-cn"] as const)
      for (const widget of Object.keys(WIDGET_KEYS) as Widget[]) {
        const whole = widgetStrings(lang, widget, allResultKeys);
        const loaded = { ...widgetStrings(lang, widget, new Set()), ...engineMessages(lang) };
        for (const key of Object.keys(whole))
          expect(loaded[key], `${lang} ${key}`).toBe(whole[key]);
      }
  });

  it("leave to the engine only warnings, assumptions, their sources, issues, labels, ranges' bases, breakdowns' parts, GPU figures and the weights-file way's words", () => {
    for (const lang of ["en", "zh-cn"] as const) {
      const keys = Object.keys(engineMessages(lang));
      expect(
        keys.filter((k) => !/^(warn|as|src|issue|opt|f|likely\.basis|breakdown|fig|mf)\./.test(k)),
      ).toEqual([]);
      // Every word of results comes, and of the rest only the weights-file way's.
      expect(keys.filter((k) => !k.startsWith("mf.")).length).toBe(allResultKeys.size);
    }
  });
});

describe("a widget's input labels", () => {
  it("are those of the inputs its views show, groups and list items included", () => {
    const keys = (w: Widget) => Object.keys(widgetStrings("en", w, new Set()));
    const costKeys = keys("CostComparison");
    // A cost comparison's own inputs (its option rows' fields), none of training's.
    expect(costKeys).toEqual(expect.arrayContaining(["f.storageGB", "f.setupHours"]));
    expect(costKeys).not.toContain("f.loraRank");
    // Training memory: its LoRA group's fields, labelled their own way, and their options.
    expect(keys("TrainingMemory")).toEqual(
      expect.arrayContaining(["f.seqLen", "f.loraRank", "opt.adamw", "opt.q"]),
    );
    // Units come with the inputs that have them: a cost comparison's node prices per hour
    // (with the currency where one is named), none on training memory, which has no price.
    expect(costKeys).toEqual(
      expect.arrayContaining(["unit.money-per-hour", "unit.money-per-hour.in"]),
    );
    expect(keys("TrainingMemory")).toEqual(expect.arrayContaining(["unit.tokens"]));
    expect(keys("TrainingMemory")).not.toContain("unit.money-per-gpu-hour");
    // Training time shows three of the training settings: precision, GPU and GPU count.
    const timeKeys = keys("ComputeTime");
    expect(timeKeys).toEqual(expect.arrayContaining(["f.tokens", "f.precision", "opt.bf16-mixed"]));
    for (const k of ["f.seqLen", "f.loraRank", "opt.adamw", "f.storageGB"])
      expect(timeKeys).not.toContain(k);
    // The front door's few: a training question's framework and sequence length, not its optimizer.
    const doorKeys = keys("FrontDoor");
    expect(doorKeys).toEqual(expect.arrayContaining(["f.framework", "f.seqLen", "f.users"]));
    for (const k of ["f.optimizer", "f.loraRank", "f.gpuMemoryUtilization"])
      expect(doorKeys).not.toContain(k);
    // The decision table's own limits and the workload's job and serving inputs; the
    // settings it does not show are left to the engine's words (an issue's label).
    const fitKeys = keys("GpuFit");
    expect(fitKeys).toEqual(expect.arrayContaining(["f.tokens", "f.users", "f.budget"]));
    for (const k of ["f.loraRank", "f.gpuMemoryUtilization", "f.cudaContextMiB"])
      expect(fitKeys).not.toContain(k);
  });
});
