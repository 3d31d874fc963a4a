import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bool, fieldOk, num, sanitize } from "../../src/stores/fields.ts";
import { fromParam } from "../../src/stores/share.ts";
import type { Shape } from "../../src/stores/fields.ts";
import { TRAINING_DEFAULTS, TRAINING_SHAPE } from "../../src/stores/training.ts";
import { COST_DEFAULTS, COST_SHAPE } from "../../src/stores/cost.ts";
import { DEFAULT_SPEC, MODEL_DEFAULTS, MODEL_SHAPE, isModelSpec } from "../../src/stores/model.ts";
import { INFERENCE_DEFAULTS, INFERENCE_SHAPE } from "../../src/stores/inference.ts";
import { COMPUTE_DEFAULTS, COMPUTE_SHAPE } from "../../src/stores/compute.ts";
import { FIT_DEFAULTS, FIT_SHAPE } from "../../src/stores/fit.ts";
import { $training, $cost, applyHash, encodeState, resetAll } from "../../src/stores/index.ts";
import { findPreset } from "../../src/estimate/presets.ts";

describe("store validation", () => {
  it("every default satisfies its own shape", () => {
    const pairs: [object, Shape][] = [
      [TRAINING_DEFAULTS, TRAINING_SHAPE],
      [COST_DEFAULTS, COST_SHAPE],
      [MODEL_DEFAULTS, MODEL_SHAPE],
      [INFERENCE_DEFAULTS, INFERENCE_SHAPE],
      [COMPUTE_DEFAULTS, COMPUTE_SHAPE],
      [FIT_DEFAULTS, FIT_SHAPE],
    ];
    for (const [defaults, shape] of pairs) {
      expect(sanitize(shape, JSON.parse(JSON.stringify(defaults)))).toEqual({
        value: defaults,
        invalid: [],
      });
    }
  });

  it("the default model is the Llama 3.1 8B preset", () => {
    expect(DEFAULT_SPEC).toEqual(findPreset("llama-3.1-8b")?.model);
  });

  it("keeps valid fields and resets invalid ones field by field", () => {
    const raw = {
      ...TRAINING_DEFAULTS,
      seqLen: 4096,
      microBatch: -1,
      precision: "fp7",
      flash: "yes",
      gpus: 1e400,
    };
    const r = sanitize<typeof TRAINING_DEFAULTS>(TRAINING_SHAPE, raw);
    expect(r.value.seqLen).toBe(4096);
    expect(r.value.microBatch).toBe(TRAINING_DEFAULTS.microBatch);
    expect(r.value.precision).toBe(TRAINING_DEFAULTS.precision);
    expect(r.value.flash).toBe(TRAINING_DEFAULTS.flash);
    expect(r.invalid.sort()).toEqual(["flash", "gpus", "microBatch", "precision"]);
  });

  it("falls back to defaults for old or foreign shapes", () => {
    for (const raw of [null, 42, "x", [], { unrelated: true }]) {
      expect(sanitize(TRAINING_SHAPE, raw).value).toEqual(TRAINING_DEFAULTS);
    }
  });

  it("validates list items one by one", () => {
    const raw = {
      options: [
        { gpu: "h100-sxm", gpus: 8, price: 20, scalingPct: 90 },
        { gpu: "a10", gpus: -2, price: "free", scalingPct: 80 },
      ],
    };
    const r = sanitize<typeof COST_DEFAULTS>(COST_SHAPE, raw);
    expect(r.value.options[0]).toEqual({ gpu: "h100-sxm", gpus: 8, price: 20, scalingPct: 90 });
    // Invalid item fields take the item defaults (one card at 2.5 per hour).
    expect(r.value.options[1]).toEqual({ gpu: "a10", gpus: 1, price: 2.5, scalingPct: 80 });
    expect(r.invalid).toEqual(["options.1.gpus", "options.1.price"]);
  });

  it("rejects hostile model specs", () => {
    expect(isModelSpec(DEFAULT_SPEC)).toBe(true);
    expect(isModelSpec({ params: 7e9 })).toBe(true);
    expect(isModelSpec({ params: 47e9, activeParams: 13e9 })).toBe(true);
    expect(isModelSpec({ params: 1e400 })).toBe(false);
    expect(isModelSpec({ params: -1 })).toBe(false);
    expect(isModelSpec({ ...DEFAULT_SPEC, layers: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isModelSpec({ ...DEFAULT_SPEC, mlp: "weird" })).toBe(false);
    expect(isModelSpec({ ...DEFAULT_SPEC, moe: { experts: 8 } })).toBe(false);
    expect(isModelSpec("llama")).toBe(false);
  });

  it("never lets a non-finite or out-of-range number through, whatever is stored", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(TRAINING_SHAPE)), fc.anything()),
        (raw) => {
          const r = sanitize(TRAINING_SHAPE, raw);
          for (const [k, spec] of Object.entries(TRAINING_SHAPE)) {
            expect(fieldOk(spec, (r.value as unknown as Record<string, unknown>)[k])).toBe(true);
          }
        },
      ),
    );
  });

  it("decodes link parameters strictly", () => {
    expect(fromParam(num(0, 0, 10), "1e400")).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isNaN(fromParam(num(0, 0, 10), "abc"))).toBe(true);
    expect(fromParam(bool(false), "true")).toBe(true);
  });
});

describe("link sharing", () => {
  it("round-trips changed fields and reports invalid ones", () => {
    resetAll();
    $training.set({ ...TRAINING_DEFAULTS, seqLen: 8192, optimizer: "adam-8bit" });
    $cost.set({ ...COST_DEFAULTS, singleGpuHours: 100 });
    const hash = encodeState();
    expect(hash).toContain("t.seqLen=8192");
    resetAll();
    expect(applyHash(hash)).toEqual([]);
    expect($training.get().seqLen).toBe(8192);
    expect($training.get().optimizer).toBe("adam-8bit");
    expect($cost.get().singleGpuHours).toBe(100);
    expect(applyHash("#t.seqLen=-5&t.microBatch=4&t.precision=fp7&k.options=%5B%7B")).toEqual([
      "t.seqLen",
      "t.precision",
      "k.options",
    ]);
    expect($training.get().seqLen).toBe(TRAINING_DEFAULTS.seqLen);
    expect($training.get().microBatch).toBe(4);
    resetAll();
  });
});
