/**
 * The calculator stores: their shapes come from the core's field tables, what they load is
 * checked by the core's request checker, and every initial state is a request the task
 * accepts. Links round-trip and say, once, what they could not restore.
 */
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { loadReferencePrices } from "../../../src/prices/load.ts";
import { checkField, checkFields } from "../../../src/estimate/request/check.ts";
import type { Field, Fields } from "../../../src/estimate/request/field.ts";
import type { TaskId } from "../../../src/estimate/registry.ts";
import { TASKS } from "../../../src/estimate/registry.ts";
import { COST_FIELDS } from "../../../src/estimate/cost/fields.ts";
import { DIAGNOSE_FIELDS } from "../../../src/estimate/measured/diagnose.ts";
import { SERVING_REQUEST_FIELDS } from "../../../src/estimate/serving/infer-memory.ts";
import { JOB_FIELDS } from "../../../src/estimate/training/job-fields.ts";
import { KERNEL_FIELDS } from "../../../src/estimate/training/attention-kernel.ts";
import { MEASURED_RUN_FIELDS } from "../../../src/estimate/measured/fields.ts";
import { PLAN_STORE_FIELDS, SERVE_EXTRA_FIELDS } from "../../../src/estimate/plan/fields.ts";
import {
  PLAN_FIELDS,
  PLAN_OPTION_FIELDS,
  SERVE_OPTION_FIELDS,
  PLAN_TRAINING_FIELDS,
} from "../../../src/estimate/plan/plan.ts";
import { RENDER_FIELDS } from "../../../src/estimate/batch/fields.ts";
import { SERVING_FIELDS } from "../../../src/estimate/serving/fields.ts";
import { TRAIN_MEMORY_FIELDS } from "../../../src/estimate/memory/train-memory.ts";
import { TRAIN_TIME_FIELDS } from "../../../src/estimate/training/train-time.ts";
import { TRAINING_FIELDS } from "../../../src/estimate/memory/training-fields.ts";
import { provideCatalog, taskContext } from "../../../src/stores/catalog.ts";
import { engine } from "../../../src/stores/engine-impl.ts";
import { provideEngine } from "../../../src/stores/engine.ts";
import { $cost, COST_INITIAL } from "../../../src/stores/cost.ts";
import { fieldCodec, fromText, toText } from "../../../src/stores/field-codec.ts";
import { MODEL_INITIAL } from "../../../src/stores/model-choice.ts";
import { $model, resolveChoice, setModel } from "../../../src/stores/model.ts";
import { registry } from "../../../src/stores/persist.ts";
import { trainMemory } from "../../../src/stores/results/train-memory.ts";
import { inferMemory } from "../../../src/stores/results/infer-memory.ts";
import { decodeSpeed } from "../../../src/stores/results/decode-speed.ts";
import { trainTime } from "../../../src/stores/results/train-time.ts";
import { costComparison } from "../../../src/stores/results/cost.ts";
import { plan } from "../../../src/stores/results/plan.ts";
import { $training, setMethod, training, TRAINING_INITIAL } from "../../../src/stores/training.ts";
import { applyHash, encodeState, resetAll } from "../../../src/stores/share.ts";
import { GPUS, RUNS } from "../estimate/helpers.ts";

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

/** Every field of every task, with the task it belongs to, nested groups included. */
function allFields(): [string, Field][] {
  const out: [string, Field][] = [];
  const walk = (prefix: string, fields: Fields) => {
    for (const [name, f] of Object.entries(fields)) {
      out.push([`${prefix}.${name}`, f]);
      if (f.kind === "object") walk(`${prefix}.${name}`, f.fields);
      if (f.kind === "list") walk(`${prefix}.${name}[]`, f.item);
    }
  };
  for (const [id, def] of Object.entries(TASKS)) walk(id, def.fields);
  return out;
}

describe("field tables", () => {
  it("every default lies in its own field's range and options", () => {
    for (const [name, f] of allFields()) {
      if (!("default" in f) || f.default === undefined) continue;
      const r = checkField(f, f.default, name, taskContext());
      expect(r.issues, name).toEqual([]);
    }
  });
  it("a task never declares one field twice with different meanings", () => {
    // Tasks spread shared field sets into their tables, and a later set silently replaces an
    // earlier field of the same name: a name two sets share must be the same field, unless
    // the task means to replace it (serve narrows its serving GPU to the one to plan on).
    const sets: Record<TaskId, readonly Fields[]> = {
      "train-memory": [{ model: TRAIN_MEMORY_FIELDS.model }, TRAINING_FIELDS],
      "infer-memory": [{ model: SERVING_REQUEST_FIELDS.model }, SERVING_FIELDS],
      "decode-speed": [{ model: SERVING_REQUEST_FIELDS.model }, SERVING_FIELDS],
      "train-time": [
        { model: TRAIN_TIME_FIELDS.model },
        TRAINING_FIELDS,
        JOB_FIELDS,
        KERNEL_FIELDS,
      ],
      cost: [COST_FIELDS],
      plan: [
        { workload: PLAN_FIELDS.workload },
        PLAN_STORE_FIELDS,
        PLAN_OPTION_FIELDS,
        PLAN_TRAINING_FIELDS,
      ],
      // Serving takes every plan option but a deadline.
      serve: [SERVING_REQUEST_FIELDS, SERVE_EXTRA_FIELDS, SERVE_OPTION_FIELDS],
      diagnose: [DIAGNOSE_FIELDS],
      render: [RENDER_FIELDS],
      "measured-run": [MEASURED_RUN_FIELDS],
    };
    const replaced: Partial<Record<TaskId, readonly string[]>> = { serve: ["gpu"] };
    for (const [id, def] of Object.entries(TASKS) as [TaskId, (typeof TASKS)[TaskId]][]) {
      const seen = new Map<string, Field>();
      for (const set of sets[id])
        for (const [name, f] of Object.entries(set)) {
          const before = seen.get(name);
          if (before !== undefined) expect(f, `${id}.${name} declared twice`).toBe(before);
          seen.set(name, f);
        }
      const names = [...seen.keys(), ...(replaced[id] ?? [])];
      expect(Object.keys(def.fields).sort(), id).toEqual([...new Set(names)].sort());
      for (const [name, f] of Object.entries(def.fields))
        if (!replaced[id]?.includes(name)) expect(f, `${id}.${name}`).toBe(seen.get(name));
    }
  });
});

describe("store and request agree", () => {
  const stores = registry.filter((r) => r.id !== "m");
  it("every store's initial state, as each task's request, is accepted and finite", () => {
    for (const ts of [trainMemory, inferMemory, decodeSpeed, trainTime, costComparison, plan]) {
      const { request, outcome } = ts.initial();
      expect(request?.ok, JSON.stringify(request)).toBe(true);
      expect(outcome?.ok, JSON.stringify(outcome)).toBe(true);
    }
  });
  it("a stored value is kept exactly when the request checker accepts it (random values)", () => {
    const names = Object.keys(training.fields);
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.oneof(
          fc.double(),
          fc.integer({ min: -10, max: 1e7 }),
          fc.boolean(),
          fc.string(),
          fc.constantFrom("none", "full", "bf16", "rtx-4090", "zero3", 16, 4),
        ),
        (name, v) => {
          const accepted =
            checkFields(training.fields, { [name]: v }, taskContext()).issues.length === 0;
          const stored = fieldCodec(training.fields, {}).check({ [name]: v }, engine);
          expect(stored.invalid.length === 0).toBe(accepted);
          expect(name in stored.value).toBe(accepted);
        },
      ),
      RUNS,
    );
  });
  it("the LoRA method keeps its settings while full training is chosen", () => {
    training.set({ lora: { rank: 64, baseBits: 4 } });
    setMethod("none");
    expect($training.get().lora).toBeUndefined();
    setMethod("lora");
    expect($training.get().lora).toEqual({ rank: 64, baseBits: 16 });
  });
  it("every store registers once, under its own link id", () => {
    const ids = stores.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("a model is one value", () => {
  it("name and spec come from the same source, whatever is stored", () => {
    setModel({ kind: "preset", preset: "llama-3.1-70b" });
    const r = resolveChoice($model.get(), engine);
    expect(r.ok && r.model.name).toEqual({
      kind: "preset",
      id: "llama-3.1-70b",
      name: "Llama 3.1 70B",
      source: "meta-llama/Llama-3.1-70B config.json",
    });
    expect(r.ok && "layers" in r.model.spec && r.model.spec.layers).toBe(80);
  });
  it("a pasted config.json that is not JSON is an issue, not the previous model's numbers", () => {
    setModel({ kind: "hf", hfText: '{"hidden_size": 4096' });
    const r = resolveChoice($model.get(), engine);
    expect(r.ok).toBe(false);
    const out = trainMemory.$outcome.get();
    expect(out?.ok).toBe(false);
  });
  it("a config.json with an out-of-range size is refused with the same ranges as typed fields", () => {
    setModel({
      kind: "hf",
      hfText: JSON.stringify({
        num_hidden_layers: 32,
        hidden_size: 1e12,
        num_attention_heads: 32,
        intermediate_size: 14336,
        vocab_size: 128256,
      }),
    });
    const r = resolveChoice($model.get(), engine);
    expect(r.ok ? null : r.issues[0]?.code).toBe("hf-out-of-range");
  });
});

describe("link sharing", () => {
  it("round-trips every store's fields exactly", () => {
    training.set({ seqLen: 8192, optimizer: "adam-8bit", tensorParallel: 2, gpus: 4 });
    $cost.set({ ...COST_INITIAL, singleGpuHours: 100 });
    setModel({ kind: "arch", arch: { ...MODEL_INITIAL.arch, layers: 40 } });
    const before = registry.map((r) => JSON.stringify(r.store.get()));
    const hash = encodeState();
    expect(hash).toContain("t.seqLen=8192");
    resetAll();
    const note = applyHash(`#${hash}`, engine);
    expect(note).toMatchObject({ invalid: [], nothingRestored: false, otherVersion: false });
    expect(registry.map((r) => JSON.stringify(r.store.get()))).toEqual(before);
  });
  it("an invalid field takes its initial value and is named once; the rest are kept", () => {
    const note = applyHash(
      "#v=2&t.seqLen=-5&t.seqLen=-6&t.microBatch=4&t.precision=fp7&k.options=%5B%7B&t.gpu=h900",
      engine,
    );
    expect(note.invalid.sort()).toEqual(["k.options", "t.gpu", "t.precision", "t.seqLen"]);
    expect($training.get().microBatch).toBe(4);
    expect($training.get().gpu).toBe(TRAINING_INITIAL.gpu);
    expect($training.get().seqLen).toBe(TRAINING_INITIAL.seqLen);
    expect($cost.get().options).toEqual(COST_INITIAL.options);
  });
  it("an unknown preset in a link keeps the initial preset and says so", () => {
    const note = applyHash("#v=2&m.kind=preset&m.preset=gpt-7", engine);
    expect(note.invalid).toEqual(["m.preset"]);
    expect($model.get().preset).toBe(MODEL_INITIAL.preset);
  });
  it("a link naming only unknown stores changes nothing and says so", () => {
    training.set({ seqLen: 4096 });
    const note = applyHash("#v=2&zz.seqLen=1&q.x=2", engine);
    expect(note).toMatchObject({ nothingRestored: true, unknownStores: ["zz", "q"] });
    expect($training.get().seqLen).toBe(4096);
  });
  it("a link from a huge paste names each field once and stays capped", () => {
    const hash = `#v=2&${Array.from({ length: 5000 }, (_, i) => `t.precision=x${i}&t.f${i % 40}=1`).join("&")}`;
    const note = applyHash(hash, engine);
    expect(note.invalid.length).toBeLessThanOrEqual(12);
    expect(new Set(note.invalid).size).toBe(note.invalid.length);
    expect(note.more).toBeGreaterThan(0);
  });
  it("a link text is decoded strictly", () => {
    const f = training.fields.seqLen;
    expect(fromText(f, "1e400")).toBe(Number.POSITIVE_INFINITY);
    expect(fromText(f, "abc")).toBe("abc");
    expect(fromText(training.fields.flashAttention, "true")).toBe(true);
    expect(toText(f, 2048)).toBe("2048");
  });
});
