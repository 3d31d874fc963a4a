/**
 * The decode constants are what the calibration rows give, the request path estimates each
 * row with the same features the fit used, and the model behaves as the mechanisms say.
 */
import { describe, expect, it } from "vitest";
import { loadCalibration } from "../../../src/accuracy/calibration.ts";
import { renderConstants } from "../../../src/accuracy/decode-constants-file.ts";
import { calibrationRequest, fitDecode, fitRows } from "../../../src/accuracy/decode-fit.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { DECODE_CONSTANTS } from "../../../src/estimate/decode-constants.ts";
import { stepTimes } from "../../../src/estimate/decode-step.ts";
import { decodeConstants } from "../../../src/estimate/inference-speed.ts";
import { PRESETS } from "../../../src/estimate/presets.ts";
import { runRequest } from "../../../src/estimate/tasks/registry.ts";
import { readFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { fileURLToPath } from "node:url";

const gpus = loadGpuSpecs();
const rows = fitRows(loadCalibration(), gpus);
const ctx = { gpus, presets: PRESETS };

function decode(request: Record<string, unknown>) {
  const r = runRequest({ task: "decode-speed", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as { tokensPerSecond: number; stepSeconds: number; limitedBy: string };
}

describe("decode calibration", () => {
  it("src/estimate/decode-constants.ts is what the rows give (run `npm run -s calibrate`)", async () => {
    const file = new URL("../../../src/estimate/decode-constants.ts", import.meta.url);
    const path = fileURLToPath(file);
    const fresh = await format(renderConstants(fitDecode(rows)), {
      ...(await resolveConfig(path)),
      filepath: path,
    });
    expect(readFileSync(file, "utf8")).toBe(fresh);
  });
  it("every usable row, run as a request, gets the step time the fit's features give", () => {
    for (const r of rows) {
      const request = calibrationRequest(r.row);
      expect(request, r.row.id).not.toBeNull();
      const c = decodeConstants(r.row.engine, r.row.weight_format, r.features.link);
      const expected = stepTimes(r.features, c).total;
      expect(decode(request ?? {}).stepSeconds / expected, r.row.id).toBeCloseTo(1, 9);
    }
  });
  it("every constant is positive and every share at most the bound", () => {
    for (const v of Object.values(DECODE_CONSTANTS.bandwidthShare)) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    for (const v of Object.values(DECODE_CONSTANTS.perLayerSeconds)) expect(v).toBeGreaterThan(0);
  });
});

describe("decode mechanisms", () => {
  const llama8b = { model: { preset: "llama-3.1-8b" }, weightBits: 16, contextTokens: 1024 };
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
    // With a short context the KV reads stay small and the matmuls bound the step.
    expect(
      decode({ ...llama8b, contextTokens: 16, engine: "vllm", gpu: "h100-sxm", sequences: 4096 })
        .limitedBy,
    ).toBe("compute");
  });
});
