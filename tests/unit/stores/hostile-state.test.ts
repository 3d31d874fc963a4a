/**
 * Links and saved inputs are untrusted text: prototype names, cut links and labels that do
 * not match their model are refused with a note, and never break a store.
 */
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { loadReferencePrices } from "../../../src/prices/load.ts";
import { provideCatalog } from "../../../src/stores/catalog.ts";
import { engine } from "../../../src/stores/engine-impl.ts";
import { provideEngine } from "../../../src/stores/engine.ts";
import type { ModelChoice } from "../../../src/stores/model-choice.ts";
import { $model, resolveChoice } from "../../../src/stores/model.ts";
import { registry } from "../../../src/stores/persist.ts";
import { applyHash, resetAll } from "../../../src/stores/share.ts";
import { $training } from "../../../src/stores/training.ts";
import { COST_INITIAL } from "../../../src/stores/cost.ts";
import { taskContext } from "../../../src/stores/catalog.ts";
import { GPUS } from "../estimate/helpers.ts";

beforeAll(() => {
  provideEngine(engine);
  provideCatalog({
    gpus: [...GPUS],
    presets: [...PRESETS],
    prices: loadReferencePrices(),
    rates: [],
  });
});
beforeEach(() => resetAll());

const PROTO_NAMES = [
  "constructor",
  "toString",
  "__proto__",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
];

describe("saved inputs with prototype names", () => {
  it.each(PROTO_NAMES)("every store drops %s, names it, and keeps a plain value", (name) => {
    for (const { id, codec, initial } of registry) {
      // As localStorage gives it back: JSON, where `__proto__` is an own name.
      const raw = JSON.parse(`{"${name}": {"a": 1}}`) as unknown;
      const r = codec.check(raw, engine);
      expect(r.invalid, id).toContain(name);
      expect(Object.getPrototypeOf(r.value), id).toBe(Object.getPrototypeOf(initial));
      expect(Object.hasOwn(r.value as object, name), id).toBe(false);
    }
  });
  it("a saved model with nothing valid left still names a model to size", () => {
    const m = registry.find((r) => r.id === "m")!;
    for (const text of ['{"toString": 1}', '{"kind": "params", "params": "x"}', "{}"]) {
      const r = m.codec.check(JSON.parse(text), engine);
      const resolved = resolveChoice(r.value as ModelChoice, engine);
      expect(resolved.ok, text).toBe(true);
    }
  });
  it("a saved cost comparison holding only a prototype name keeps the options it cannot run without", () => {
    // The cost page opens on the seed's two RTX 4090 options; a list of at least one option
    // is required, so a junk state must not leave the page asking for one.
    for (const junk of ['{"constructor": []}', '{"toString": {}}']) {
      const k = registry.find((x) => x.id === "k")!;
      const r = k.codec.check(JSON.parse(junk), engine);
      const value = r.value as Record<string, unknown>;
      expect(value["options"], junk).toEqual(COST_INITIAL.options);
      expect(engine.run({ task: "cost", ...value }, taskContext()).ok, junk).toBe(true);
    }
  });
  it("a nested prototype name (inside LoRA, a cost option, an architecture) is dropped too", () => {
    const t = registry.find((r) => r.id === "t")!;
    const r = t.codec.check(JSON.parse('{"lora": {"rank": 8, "constructor": 1}}'), engine);
    expect(r.invalid).toEqual(["lora"]);
    const m = registry.find((r) => r.id === "m")!;
    const a = m.codec.check(JSON.parse('{"arch": {"layers": 2, "__proto__": {}}}'), engine);
    expect(a.invalid).toEqual(["arch"]);
  });
});

describe("saved inputs and links, fuzzed", () => {
  it("any store, any prototype name at its top or inside a group, any JSON: named, never thrown", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...registry.map((r) => r.id)),
        fc.constantFrom(...PROTO_NAMES),
        fc.jsonValue({ maxDepth: 3 }),
        fc.boolean(),
        (id, name, value, nested) => {
          const store = registry.find((r) => r.id === id)!;
          const raw = JSON.parse(
            nested ? `{"lora": {"${name}": 1}, "arch": {"${name}": 1}}` : `{"${name}": 1}`,
          ) as Record<string, unknown>;
          if (!nested) raw[name] = value;
          const r = store.codec.check(raw, engine);
          expect(r.invalid.length).toBeGreaterThan(0);
          expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
          // The same through a link: every part is named in the note.
          const note = applyHash(
            `#v=2&${id}.${name}=${encodeURIComponent(JSON.stringify(value))}`,
            engine,
          );
          expect(note.invalid).toContain(`${id}.${name}`);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("links with prototype names or cut short", () => {
  it("t.__proto__, t.constructor and m.toString are each named, and the rest restored", () => {
    const note = applyHash(
      `#v=2&t.seqLen=4096&t.__proto__=${encodeURIComponent('{"seqLen":1}')}&t.constructor=1&m.toString=1`,
      engine,
    );
    expect(note.invalid).toEqual(
      expect.arrayContaining(["t.__proto__", "t.constructor", "m.toString"]),
    );
    expect($training.get().seqLen).toBe(4096);
    expect(Object.getPrototypeOf($training.get())).toBe(Object.prototype);
  });
  it("a link cut after a field's name names that field", () => {
    const note = applyHash("#v=2&t.seqLen", engine);
    expect(note.invalid).toEqual(["t.seqLen"]);
    expect(note.nothingRestored).toBe(false);
  });
  it("a part that names no store field is named, not dropped", () => {
    const note = applyHash("#v=2&t.seqLen=4096&constructor=1", engine);
    expect(note.invalid).toEqual(["constructor"]);
  });
  it("a 100 kB field name is cut in the note", () => {
    const note = applyHash(`#v=2&t.${"x".repeat(99_000)}=1`, engine);
    expect(note.invalid[0]?.length).toBeLessThanOrEqual(65);
  });
});

describe("links whose model label and figures disagree", () => {
  const link = (file: object) =>
    applyHash(`#v=2&m.kind=file&m.file=${encodeURIComponent(JSON.stringify(file))}`, engine);

  it("a 1 B model labelled 'Llama 3.1 70B' is named by its figures, with a note", () => {
    const note = link({ label: "Llama 3.1 70B", params: 1e9 });
    expect(note.invalid).toContain("m.file.label");
    const r = resolveChoice($model.get(), engine);
    expect(r.ok && r.model.name).toEqual({ kind: "params", params: 1e9 });
  });
  it("a 'Qwen3 8B' label on a 70.55 B architecture is refused the same way", () => {
    // Llama 3.1 70B's shape (meta-llama/Llama-3.1-70B config.json): 70.55 B parameters.
    const arch = { layers: 80, hidden: 8192, heads: 64, kvHeads: 8, ffn: 28672, vocab: 128256 };
    const note = link({ label: "Qwen3-8B.gguf (qwen3, 8.19 B)", arch });
    expect(note.invalid).toContain("m.file.label");
    const r = resolveChoice($model.get(), engine);
    expect(r.ok && r.model.name).toEqual({ kind: "arch" });
  });
  it("a label the reader wrote for the same model is kept", () => {
    // 8.03 B printed for 8,030,261,248 parameters (Llama 3.1 8B).
    const note = link({ label: "llama-8b.Q4_K_M.gguf (llama, 8.03 B)", params: 8_030_261_248 });
    expect(note.invalid).toEqual([]);
    const r = resolveChoice($model.get(), engine);
    expect(r.ok && r.model.name).toEqual({
      kind: "file",
      label: "llama-8b.Q4_K_M.gguf (llama, 8.03 B)",
    });
  });
});
