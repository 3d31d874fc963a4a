/**
 * A model field checked and resolved: each kind of source (preset, count, config.json,
 * architecture), what it keeps, and the issue (field, code, parameters) each mistake gives.
 */
import { describe, expect, it } from "vitest";
import { shapeRules } from "../../../../src/estimate/model/arch-fields.ts";
import type { Preset } from "../../../../src/estimate/model/presets.ts";
import { archFromFields, checkModel } from "../../../../src/estimate/model/source.ts";
import type { ResolvedModelValue } from "../../../../src/estimate/model/value.ts";

const PRESETS: Preset[] = [
  {
    id: "tiny-llama",
    name: "Tiny Llama",
    source: "test",
    model: { layers: 2, hidden: 64, heads: 4, ffn: 128, vocab: 10 },
  },
  {
    id: "small-qwen",
    name: "Small Qwen",
    source: "small-qwen config.json (a test's)",
    model: { layers: 4, hidden: 128, heads: 8, ffn: 256, vocab: 20 },
  },
];

const ARCH = { layers: 2, hidden: 64, heads: 4, ffn: 128, vocab: 10 };

const keep = (v: unknown): ResolvedModelValue => {
  const r = checkModel(v, "model", PRESETS);
  expect(r.issues).toEqual([]);
  return r.keep as ResolvedModelValue;
};
const issues = (v: unknown, path = "model") => checkModel(v, path, PRESETS).issues;

describe("checkModel: which kind of source", () => {
  it("a value that is not an object, or names no kind or two, is a model-kind issue", () => {
    const kind = [{ field: "model", code: "model-kind", params: {} }];
    expect(issues("llama")).toEqual(kind);
    expect(issues(null)).toEqual(kind);
    expect(issues([ARCH])).toEqual(kind);
    expect(issues({})).toEqual(kind);
    // Known names without a kind key (no layers, params, preset or hfConfig).
    expect(issues({ hidden: 64, heads: 4 })).toEqual(kind);
    expect(issues({ activeParams: 1e9 })).toEqual(kind);
    // Two kinds at once, each valid alone.
    expect(issues({ preset: "tiny-llama", params: 1e9 })).toEqual(kind);
    expect(issues({ ...ARCH, params: 1e9 })).toEqual(kind);
  });
  it("two kinds and an unknown name: still the kind that is wrong", () => {
    expect(issues({ preset: "tiny-llama", params: 1e9, colour: 1 })).toEqual([
      { field: "model", code: "model-kind", params: {} },
    ]);
  });
  it("no kind and unknown names: each unknown name, with the nearest known one", () => {
    expect(issues({ prest: "tiny-llama", hidden: 64 })).toEqual([
      {
        field: "model.prest",
        code: "unknown-field",
        params: { name: "prest", nearest: "preset" },
      },
    ]);
    expect(issues({ layer: 2 }, "")).toEqual([
      { field: "layer", code: "unknown-field", params: { name: "layer", nearest: "layers" } },
    ]);
    // Nothing near: the issue names the field alone.
    expect(issues({ zzzzzzzzzzzz: 1 })).toEqual([
      { field: "model.zzzzzzzzzzzz", code: "unknown-field", params: { name: "zzzzzzzzzzzz" } },
    ]);
  });
  it("only the first 20 unknown names get a suggestion", () => {
    // "preset0" … "preset20" are each one or two edits from "preset".
    const v = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`preset${i}`, 1]));
    const got = issues(v);
    expect(got).toHaveLength(21);
    expect(got.slice(0, 20).map((i) => i.params["nearest"])).toEqual(Array(20).fill("preset"));
    expect(got[20]).toEqual({
      field: "model.preset20",
      code: "unknown-field",
      params: { name: "preset20" },
    });
  });
});

describe("checkModel: a preset", () => {
  it("resolves to the preset's spec, with its id, name and where its figures come from", () => {
    expect(keep({ preset: "small-qwen" })).toEqual({
      source: { preset: "small-qwen" },
      name: {
        kind: "preset",
        id: "small-qwen",
        name: "Small Qwen",
        source: "small-qwen config.json (a test's)",
      },
      spec: PRESETS[1]!.model,
    });
  });
  it("refuses any other name beside it", () => {
    expect(issues({ preset: "tiny-llama", hidden: 64, foo: 1 })).toEqual([
      { field: "model.hidden", code: "unknown-field", params: { name: "hidden" } },
      { field: "model.foo", code: "unknown-field", params: { name: "foo" } },
    ]);
  });
  it("an unknown id lists the known ones and the nearest", () => {
    expect(issues({ preset: "tiny-lama" })).toEqual([
      {
        field: "model.preset",
        code: "unknown-preset",
        params: { id: "tiny-lama", known: "tiny-llama, small-qwen", nearest: "tiny-llama" },
      },
    ]);
    expect(issues({ preset: "qqqqqqqqqqqqqqqqqq" })[0]?.params).toEqual({
      id: "qqqqqqqqqqqqqqqqqq",
      known: "tiny-llama, small-qwen",
    });
  });
  it("a non-string id is unknown, printed as given, with no suggestion", () => {
    expect(issues({ preset: 7 })).toEqual([
      {
        field: "model.preset",
        code: "unknown-preset",
        params: { id: "7", known: "tiny-llama, small-qwen" },
      },
    ]);
  });
  it("the known list stops at 50 ids", () => {
    const many: Preset[] = Array.from({ length: 51 }, (_, i) => ({
      ...PRESETS[0]!,
      id: `p${i}`,
    }));
    const r = checkModel({ preset: "none-of-these-at-all" }, "model", many);
    const known = String(r.issues[0]?.params["known"]);
    expect(known.startsWith("p0, p1, ")).toBe(true);
    expect(known.endsWith("p49, …")).toBe(true);
  });
});

describe("checkModel: a parameter count", () => {
  it("a count alone, or with an active count", () => {
    expect(keep({ params: 7e9 })).toEqual({
      source: { params: 7e9 },
      name: { kind: "params", params: 7e9 },
      spec: { params: 7e9 },
    });
    expect(keep({ params: 47e9, activeParams: 13e9 }).spec).toEqual({
      params: 47e9,
      activeParams: 13e9,
    });
    // Equal counts are a dense model, not an error.
    expect(keep({ params: 7e9, activeParams: 7e9 }).spec).toEqual({
      params: 7e9,
      activeParams: 7e9,
    });
  });
  it("more active than total parameters is refused, naming the total", () => {
    expect(issues({ params: 1e9, activeParams: 2e9 })).toEqual([
      { field: "model.activeParams", code: "active-params", params: { params: 1e9 } },
    ]);
  });
  it("a count out of range, or an unknown name beside it, is refused", () => {
    expect(issues({ params: 5 })[0]).toMatchObject({
      field: "model.params",
      code: "out-of-range",
    });
    // An architecture field is not a count's: it is unknown here, with nothing near it.
    expect(issues({ params: 7e9, hidden: 64 })).toEqual([
      { field: "model.hidden", code: "unknown-field", params: { name: "hidden" } },
    ]);
    expect(issues({ params: 7e9, foo: 1 })[0]).toMatchObject({
      field: "model.foo",
      code: "unknown-field",
    });
  });
});

describe("checkModel: a pasted config.json", () => {
  const config = {
    model_type: "llama",
    num_hidden_layers: 2,
    hidden_size: 64,
    num_attention_heads: 4,
    intermediate_size: 128,
    vocab_size: 10,
  };
  it("resolves to the config's family and shape, keeping the config as given", () => {
    const r = keep({ hfConfig: config });
    expect(r.source).toEqual({ hfConfig: config });
    expect(r.name).toEqual({ kind: "hf", family: "llama" });
    expect(r.spec).toMatchObject({ layers: 2, hidden: 64, heads: 4, ffn: 128, vocab: 10 });
  });
  it("refuses other names beside it", () => {
    expect(issues({ hfConfig: config, vocab: 10 })).toEqual([
      { field: "model.vocab", code: "unknown-field", params: { name: "vocab" } },
    ]);
  });
  it("a config.json issue is placed under model.hfConfig", () => {
    expect(issues({ hfConfig: { ...config, hidden_size: undefined } })).toEqual([
      {
        field: "model.hfConfig.hidden_size",
        code: "hf-missing",
        params: { key: "hidden_size" },
      },
    ]);
    // An issue with the whole file names the field itself.
    expect(issues({ hfConfig: "{}" })).toEqual([
      { field: "model.hfConfig", code: "hf-not-object", params: {} },
    ]);
  });
});

describe("checkModel: an architecture", () => {
  it("resolves to the fields as typed", () => {
    expect(keep(ARCH)).toEqual({ source: ARCH, name: { kind: "arch" }, spec: ARCH });
  });
  it("field issues and shape rules are reported together", () => {
    expect(issues({ ...ARCH, hidden: 0, kvHeads: 3 })).toEqual([
      {
        field: "model.hidden",
        code: "out-of-range",
        params: { min: 1, max: 131072, above: 0, unit: "count" },
      },
      { field: "model.kvHeads", code: "kv-heads-divide", params: { heads: 4 } },
    ]);
  });
  it("a missing required field is named", () => {
    const { vocab: _, ...noVocab } = ARCH;
    expect(issues(noVocab)).toEqual([{ field: "model.vocab", code: "required", params: {} }]);
  });
});

describe("shapeRules", () => {
  it("kvHeads must divide heads", () => {
    expect(shapeRules({ heads: 4, kvHeads: 3 }, "m")).toEqual([
      { field: "m.kvHeads", code: "kv-heads-divide", params: { heads: 4 } },
    ]);
    expect(shapeRules({ heads: 4, kvHeads: 8 }, "m")).toHaveLength(1);
    expect(shapeRules({ heads: 4, kvHeads: 4 }, "m")).toEqual([]);
    expect(shapeRules({ heads: 4, kvHeads: 2 }, "m")).toEqual([]);
    expect(shapeRules({ heads: 4, kvHeads: 1 }, "m")).toEqual([]);
    // Either one absent: nothing to hold them to.
    expect(shapeRules({ kvHeads: 3 }, "m")).toEqual([]);
    expect(shapeRules({ heads: 3 }, "m")).toEqual([]);
  });
  it("active experts at most the experts (one when none are given)", () => {
    expect(shapeRules({ experts: 2, activeExperts: 3 }, "")).toEqual([
      { field: "activeExperts", code: "active-experts", params: { experts: 2 } },
    ]);
    expect(shapeRules({ activeExperts: 2 }, "m")).toEqual([
      { field: "m.activeExperts", code: "active-experts", params: { experts: 1 } },
    ]);
    expect(shapeRules({ activeExperts: 1 }, "m")).toEqual([]);
    expect(shapeRules({ experts: 8, activeExperts: 8 }, "m")).toEqual([]);
  });
  it("sliding layers at most the layers", () => {
    expect(shapeRules({ layers: 2, slidingLayers: 3 }, "m")).toEqual([
      { field: "m.slidingLayers", code: "sliding-layers", params: { layers: 2 } },
    ]);
    expect(shapeRules({ layers: 2, slidingLayers: 2 }, "m")).toEqual([]);
    expect(shapeRules({ slidingLayers: 3 }, "m")).toEqual([]);
    expect(shapeRules({ layers: 2 }, "m")).toEqual([]);
  });
  it("each broken rule is its own issue", () => {
    const all = shapeRules(
      { heads: 4, kvHeads: 3, experts: 2, activeExperts: 3, layers: 1, slidingLayers: 2 },
      "m",
    );
    expect(all.map((i) => i.code)).toEqual(["kv-heads-divide", "active-experts", "sliding-layers"]);
  });
});

describe("archFromFields", () => {
  it("one expert, or none, is a dense model", () => {
    expect(archFromFields({ ...ARCH, experts: 1, activeExperts: 1 })).toEqual(ARCH);
    expect(archFromFields({ ...ARCH })).toEqual(ARCH);
  });
  it("experts become an MoE block: one active, no shared, the dense FFN width by default", () => {
    expect(archFromFields({ ...ARCH, experts: 8 })).toEqual({
      ...ARCH,
      moe: { experts: 8, activeExperts: 1, sharedExperts: 0, expertFfn: 128 },
    });
    expect(
      archFromFields({ ...ARCH, experts: 8, activeExperts: 2, sharedExperts: 1, expertFfn: 32 }),
    ).toEqual({
      ...ARCH,
      moe: { experts: 8, activeExperts: 2, sharedExperts: 1, expertFfn: 32 },
    });
  });
});
