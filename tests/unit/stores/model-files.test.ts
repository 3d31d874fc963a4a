/**
 * Reading weight files through the store action: the model becomes a "file" choice whose
 * source is what the header gave, named by the file; the serving store takes the weight
 * bits that reproduce the file's bytes; a refused file changes neither and says why.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { loadReferencePrices } from "../../../src/prices/load.ts";
import { provideCatalog } from "../../../src/stores/catalog.ts";
import { engine } from "../../../src/stores/engine-impl.ts";
import { provideEngine } from "../../../src/stores/engine.ts";
import { $fileRead, readIndex, readWeightFiles } from "../../../src/stores/model-files.ts";
import { $model, modelSource, resolveChoice } from "../../../src/stores/model.ts";
import { $serving } from "../../../src/stores/serving.ts";
import { resetAll } from "../../../src/stores/share.ts";
import { GPUS } from "../estimate/helpers.ts";
import { tinyGguf } from "../estimate/weights-fixtures.ts";

const Q8_0 = 8;

beforeAll(() => {
  provideEngine(engine);
  provideCatalog({
    gpus: [...GPUS],
    presets: [...PRESETS],
    prices: loadReferencePrices(),
    rates: [],
  });
});
beforeEach(() => {
  resetAll();
  $fileRead.set({ status: "idle" });
});

describe("weights files in the stores", () => {
  it("a GGUF file sets the model (its architecture, its name) and the serving bits", async () => {
    await readWeightFiles([new File([tinyGguf({ type: Q8_0 })], "tiny-Q8_0.gguf")]);
    const s = $fileRead.get();
    if (s.status !== "read") throw new Error(`not read: ${JSON.stringify(s)}`);
    const m = $model.get();
    expect(m.kind).toBe("file");
    expect(modelSource(m)).toEqual({ ok: true, source: s.reading.model });
    const r = resolveChoice(m, engine);
    expect(r.ok && r.model.name).toEqual({ kind: "file", label: s.reading.label });
    expect($serving.get()).toMatchObject({
      weightBits: s.reading.weightBits,
      scaleBits: 0,
      engine: "llama.cpp",
    });
  });
  it("a refused file leaves the model and serving settings as they were", async () => {
    const model = $model.get();
    const serving = $serving.get();
    await readWeightFiles([
      new File([new Uint8Array([71, 71, 85, 70, 3, 0, 0, 0, 5])], "cut.gguf"),
    ]);
    expect($fileRead.get()).toMatchObject({ status: "error", error: { code: "truncated" } });
    expect($model.get()).toEqual(model);
    expect($serving.get()).toEqual(serving);
  });
  it("an index gives a parameter count at 16 bits; the engine stays as chosen", async () => {
    const engineBefore = $serving.get().engine;
    await readIndex(
      JSON.stringify({
        metadata: { total_size: 16e9 },
        weight_map: { "model.embed_tokens.weight": "model-00001-of-00002.safetensors" },
      }),
    );
    expect(modelSource($model.get())).toEqual({ ok: true, source: { params: 8e9 } });
    expect($serving.get()).toMatchObject({ weightBits: 16, scaleBits: 0, engine: engineBefore });
  });
  it("the file way with no file read yet says so instead of estimating", () => {
    const r = modelSource({ kind: "file" });
    expect(r.ok ? null : r.issues.map((i) => i.code)).toEqual(["file-missing"]);
  });
});
