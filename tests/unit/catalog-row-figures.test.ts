/**
 * Every catalog GPU has the figures its plan rows need (FP32, memory bandwidth, dense FP16
 * and BF16 tensor), or says why not: `unknown` (no defensible document) or `lacks` (the
 * hardware has no such format, with the reason). The A10G's tensor figures are derived and
 * marked unverified, so it is no longer four times slower than the A10 for training.
 */
import { describe, expect, it } from "vitest";
import { loadCatalog, loadGpuSpecs } from "../../src/catalog/load.ts";
import { catalogSchema, ROW_FIGURES } from "../../src/catalog/schema.ts";
import { peakTflops } from "../../src/estimate/hardware/precision.ts";

const catalog = loadCatalog();

describe("catalog: the figures each row needs", () => {
  it("every GPU has each row figure, or lists it as unknown or lacking with a reason", () => {
    const gaps = catalog.flatMap((gpu) =>
      ROW_FIGURES.filter(
        (key) => !gpu[key] && !gpu.unknown?.includes(key) && gpu.lacks?.[key] === undefined,
      ).map((key) => `${gpu.id}: ${key}`),
    );
    expect(gaps).toEqual([]);
  });

  it("names the formats the hardware lacks: BF16 before Ampere, any tensor math on Pascal", () => {
    const lacking = Object.fromEntries(
      catalog.filter((g) => g.lacks).map((g) => [g.id, Object.keys(g.lacks ?? {}).sort()]),
    );
    expect(lacking).toEqual({
      t4: ["bf16TensorTflopsDense"],
      "v100-sxm2-32gb": ["bf16TensorTflopsDense"],
      "v100-pcie": ["bf16TensorTflopsDense"],
      "v100-pcie-16gb": ["bf16TensorTflopsDense"],
      p40: ["bf16TensorTflopsDense", "fp16TensorTflopsDense"],
    });
  });

  it("refuses a GPU that claims to lack a figure it has", () => {
    const t4 = structuredClone(catalog.find((g) => g.id === "t4")!);
    const bad = { ...t4, lacks: { fp16TensorTflopsDense: "Turing has no FP16 tensor math" } };
    const r = catalogSchema.safeParse([bad]);
    expect(r.success).toBe(false);
    expect(r.error?.issues.some((i) => i.path.includes("lacks"))).toBe(true);
  });

  it("gives the A10G derived tensor figures, marked unverified with their derivation", () => {
    const a10g = catalog.find((g) => g.id === "a10g")!;
    // 72 SMs x 1.71 GHz x 512 FLOPs per SM per clock = 63,037 GFLOPS.
    expect(a10g.bf16TensorTflopsDense).toMatchObject({ value: 63, unverified: true });
    expect(a10g.fp16TensorTflopsDense).toMatchObject({ value: 63, unverified: true });
    expect(a10g.bf16TensorTflopsDense?.note).toMatch(/72 x 1\.71 GHz x 512/);
  });

  it("the A10G trains at about half the A10's bf16 rate, not a quarter", () => {
    const specs = loadGpuSpecs();
    const peak = (id: string) =>
      peakTflops(
        specs.find((g) => g.id === id)!,
        "bf16",
      );
    // A10 datasheet 125 TFLOPS dense vs the A10G's derived 63: 125 / 63 = 1.98.
    expect(peak("a10").tflops / peak("a10g").tflops).toBeCloseTo(125 / 63, 9);
    expect(peak("a10g").fellBack).toBe(false);
  });
});
