/**
 * The words a page carries and those that come with the engine: a page shows its results as
 * the server rendered them until the engine computes, so the words of results and of their
 * views come with the engine, and the page holds its frames' and inputs' words.
 */
import { describe, expect, it } from "vitest";
import {
  calculatorStrings,
  engineMessages,
  isResultKey,
  isResultViewKey,
} from "../../../src/i18n/calculators.ts";
import type { Widget } from "../../../src/i18n/widget-strings.ts";
import { WIDGET_KEYS, widgetStrings } from "../../../src/i18n/widget-strings.ts";
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

describe("a widget's strings", () => {
  const allResultKeys = new Set(Object.keys(calculatorStrings("en")).filter(isResultKey));

  it("hold no word of results but those the page's own issues name", () => {
    const named = new Set(["issue.engine-load-failed"]);
    for (const widget of Object.keys(WIDGET_KEYS) as Widget[]) {
      const keys = Object.keys(widgetStrings("en", widget, named));
      // Labels aside: those of the widget's inputs always come (below).
      expect(
        keys.filter((k) => /^(warn|as|src|issue)\./.test(k)),
        widget,
      ).toEqual(["issue.engine-load-failed"]);
      // Nor the words of results' views: a table's columns, a verdict, a likely range.
      expect(keys.filter(isResultViewKey), widget).toEqual(
        widget === "ModelPicker" ? ["r.params", "r.active"] : [],
      );
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

  it("leave to the engine only results' words, their views' words and the weights-file way's", () => {
    for (const lang of ["en", "zh-cn"] as const) {
      const keys = Object.keys(engineMessages(lang));
      expect(
        keys.filter((k) => !isResultKey(k) && !isResultViewKey(k) && !k.startsWith("mf.")),
      ).toEqual([]);
      // Every word of results and of their views comes.
      const all = Object.keys(calculatorStrings(lang));
      expect(keys.filter((k) => !k.startsWith("mf.")).length).toBe(
        all.filter((k) => isResultKey(k) || isResultViewKey(k)).length,
      );
      // A table's column, a verdict, a likely range's words: the views' own prefixes.
      expect(keys).toEqual(expect.arrayContaining(["pt.verdict", "v.details", "r.ttft"]));
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
