/**
 * The step constants are what the calibration rows give, the request path estimates each
 * row with the same steps the fit used, and the model behaves as the mechanisms say.
 */
import { describe, expect, it } from "vitest";
import { loadCalibration } from "../../../src/accuracy/calibration.ts";
import { renderConstants } from "../../../src/accuracy/decode-constants-file.ts";
import { fitDecode, fitRows } from "../../../src/accuracy/decode-fit.ts";
import { loadServingRuns } from "../../../src/accuracy/serving-runs.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { DECODE_CONSTANTS } from "../../../src/estimate/generated/decode-constants.ts";
import { stepTimes } from "../../../src/estimate/serving/decode-step.ts";
import { decodeConstants } from "../../../src/estimate/serving/speed.ts";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../src/estimate/registry.ts";
import { readFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { fileURLToPath } from "node:url";

const gpus = loadGpuSpecs();
const rows = fitRows(loadCalibration(), gpus, loadServingRuns());
const ctx = { gpus, presets: PRESETS };

function decode(request: Record<string, unknown>) {
  const r = runRequest({ task: "decode-speed", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as {
    tokensPerSecond: number;
    stepSeconds: number;
    tpotSeconds: number;
    runningSequences: number;
    limitedBy: string;
  };
}

describe("decode calibration", () => {
  it("src/estimate/generated/decode-constants.ts is what the rows give (run `npm run -s calibrate`)", async () => {
    const file = new URL("../../../src/estimate/generated/decode-constants.ts", import.meta.url);
    const path = fileURLToPath(file);
    const fresh = await format(renderConstants(fitDecode(rows)), {
      ...(await resolveConfig(path)),
      filepath: path,
    });
    expect(readFileSync(file, "utf8")).toBe(fresh);
  });
  it("every usable row, run as a request, sums the steps the fit priced", () => {
    expect(rows.length).toBeGreaterThan(150);
    for (const r of rows) {
      const c = decodeConstants(r.engine, r.format, r.terms[0]?.features.link ?? "gpu-link");
      const priced = r.terms.reduce(
        (t, x) => t + x.coefficient * stepTimes(x.features, c).total,
        0,
      );
      const result = decode(r.request);
      const output = Number(r.request["outputTokens"]);
      // A decode row's figure is the time per output token over its decode steps; a serving
      // run's is one request's service time, running users × output tokens ÷ tokens/s.
      const estimated =
        r.measure === "tpot"
          ? result.tpotSeconds * (output - 1)
          : (result.runningSequences * output) / result.tokensPerSecond;
      expect(estimated / priced, r.id).toBeCloseTo(1, 9);
    }
  });
  it("every constant is positive and every share at most the bound", () => {
    for (const v of Object.values(DECODE_CONSTANTS.bandwidthShare)) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    for (const v of Object.values(DECODE_CONSTANTS.perLayerSeconds)) expect(v).toBeGreaterThan(0);
    for (const v of Object.values(DECODE_CONSTANTS.computeShare)) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });
});

describe("decode mechanisms", () => {
  // A prompt of 768 tokens and 512 output tokens: the KV cache is read at 1024 on average.
  const llama8b = {
    model: { preset: "llama-3.1-8b" },
    weightBits: 16,
    promptTokens: 768,
    outputTokens: 512,
    contextTokens: 2048,
  };
  it("four PCIe cards under tensor parallelism decode less than four times faster than one", () => {
    for (const engine of ["vllm", "sglang", "transformers", "exllamav2"]) {
      const one = decode({ ...llama8b, engine, gpu: "rtx-4090" }).tokensPerSecond;
      const four = decode({ ...llama8b, engine, gpu: "rtx-4090", tensorParallel: 4 });
      expect(four.tokensPerSecond, engine).toBeLessThan(4 * one);
      expect(four.tokensPerSecond, engine).toBeGreaterThan(one);
    }
  });
  it("a slower link never decodes faster", () => {
    const at = (gpuLink: string) =>
      decode({ ...llama8b, engine: "vllm", gpu: "a100-80gb-sxm", tensorParallel: 4, gpuLink })
        .tokensPerSecond;
    expect(at("pcie")).toBeLessThanOrEqual(at("gpu-link"));
  });
  it("hand-written quantized kernels beat generic PyTorch on the same 4-bit model", () => {
    const at = (engine: string) =>
      decode({ model: { preset: "llama-2-7b" }, weightBits: 4, engine, gpu: "rtx-4090" })
        .tokensPerSecond;
    expect(at("exllamav2")).toBeGreaterThan(2 * at("transformers"));
    expect(at("vllm")).toBeGreaterThan(2 * at("transformers"));
  });
  it("bigger batches read the weights once per step: aggregate speed grows toward the compute bound", () => {
    const at = (sequences: number) =>
      decode({ ...llama8b, engine: "vllm", gpu: "h100-sxm", sequences });
    expect(at(8).tokensPerSecond).toBeGreaterThan(4 * at(1).tokensPerSecond);
    // With a short context the KV reads stay small and the matmuls bound the step: 1024
    // sequences (vLLM's most on an H100) x 16 GFLOP per token at a share of the peak take
    // longer than one 16 GB weight read.
    const short = { promptTokens: 8, outputTokens: 8, contextTokens: 16 };
    expect(
      decode({ ...llama8b, ...short, engine: "vllm", gpu: "h100-sxm", sequences: 1024 }).limitedBy,
    ).toBe("compute");
  });
});
