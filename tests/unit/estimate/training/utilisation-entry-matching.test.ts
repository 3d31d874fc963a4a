/**
 * How a request finds its row of the utilisation table: the GPU's family, the size class
 * of the model, the stack, and — when no run measured the request exactly — which
 * dimension gives way, nearest first (a size class, then the stack, then an MoE measured as
 * dense, then a neighbouring family; FP8 falls back to 16-bit). Tables here are made up so
 * that each rule decides alone.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type {
  GpuFamily,
  UtilisationEntry,
  UtilisationKey,
} from "../../../../src/estimate/training/utilisation-entry.ts";
import {
  gpuFamily,
  keyName,
  pickUtilisation,
  sizeClass,
  stackOf,
} from "../../../../src/estimate/training/utilisation-entry.ts";

const catalog = loadGpuSpecs();
const byId = (id: string): GpuSpec => catalog.find((g) => g.id === id)!;

describe("the GPU family", () => {
  it("is the generation and whether the memory is HBM", () => {
    expect(gpuFamily(byId("a100-80gb-sxm"))).toBe("ampere-hbm"); // Ampere GA100, HBM2e
    expect(gpuFamily(byId("rtx-3090"))).toBe("ampere-gddr");
    expect(gpuFamily(byId("rtx-4090"))).toBe("ada-gddr"); // Ada AD102, GDDR6X
    expect(gpuFamily(byId("h100-sxm"))).toBe("hopper-hbm"); // Hopper GH100, HBM3
    expect(gpuFamily(byId("b200"))).toBe("blackwell-hbm");
    expect(gpuFamily(byId("rtx-5090"))).toBe("blackwell-gddr");
  });
  it("reads the architecture's first word and the memory type in any case", () => {
    const h100 = byId("h100-sxm");
    expect(gpuFamily({ ...h100, architecture: "HOPPER", memoryType: "hbm3e" })).toBe("hopper-hbm");
  });
  it("has none for generations no published run measured, or a pairing that does not exist", () => {
    expect(gpuFamily(byId("v100-sxm2-32gb"))).toBeNull(); // Volta
    expect(gpuFamily(byId("mi300x"))).toBeNull();
    const h100 = byId("h100-sxm");
    const { architecture: _a, ...noArchitecture } = h100;
    expect(gpuFamily(noArchitecture)).toBeNull();
    // No memory type: not HBM, so no Hopper family either.
    const { memoryType: _m, ...noMemoryType } = h100;
    expect(gpuFamily(noMemoryType)).toBeNull();
    // No Hopper part has GDDR memory: not a family of the table.
    expect(gpuFamily({ ...h100, memoryType: "GDDR7" })).toBeNull();
  });
});

describe("size classes by parameters a token multiplies", () => {
  it("small below 1.5e9, medium below 2e10, large from there", () => {
    expect(sizeClass(1.5e9 - 1)).toBe("small");
    expect(sizeClass(1.5e9)).toBe("medium");
    expect(sizeClass(2e10 - 1)).toBe("medium");
    expect(sizeClass(2e10)).toBe("large");
  });
});

describe("the stack and the key's name", () => {
  it("Megatron-Core is its own stack; every other framework runs PyTorch's kernels", () => {
    expect(stackOf("megatron")).toBe("megatron");
    expect(stackOf("torchtune")).toBe("pytorch");
    expect(stackOf(undefined)).toBe("pytorch");
  });
  it("names a key family/format/stack/moe-or-dense/size", () => {
    expect(
      keyName({ family: "ampere-hbm", format: "fp8", stack: "megatron", moe: true, size: "large" }),
    ).toBe("ampere-hbm/fp8/megatron/moe/large");
    expect(
      keyName({
        family: "ada-gddr",
        format: "16-bit",
        stack: "pytorch",
        moe: false,
        size: "small",
      }),
    ).toBe("ada-gddr/16-bit/pytorch/dense/small");
  });
});

const want: UtilisationKey = {
  family: "hopper-hbm",
  format: "16-bit",
  stack: "pytorch",
  moe: false,
  size: "medium",
};
let next = 0;
/** A table row; `dense` numbers the rows so a test can tell which one was picked. */
const row = (over: Partial<UtilisationEntry>): UtilisationEntry => ({
  ...want,
  dense: (next += 1),
  rows: 2,
  sources: ["test"],
  ...over,
});

describe("picking the nearest entry", () => {
  it("an exact match gives nothing up", () => {
    const exact = row({});
    const p = pickUtilisation(want, [row({ size: "large" }), exact, row({ stack: "megatron" })]);
    expect(p).toEqual({ entry: exact, gave: [], format: "16-bit" });
  });

  it("a size class away costs less than the stack, and two size classes as much", () => {
    const size = row({ size: "large" });
    const stack = row({ stack: "megatron" });
    expect(pickUtilisation(want, [stack, size])?.entry).toBe(size);
    expect(pickUtilisation(want, [stack, size])?.gave).toEqual(["other-size"]);
    // From small, large is two classes away: the same cost as the stack; more rows win a tie.
    const small = { ...want, size: "small" } as const;
    const far = row({ size: "large", rows: 3 });
    const otherStack = row({ size: "small", stack: "megatron", rows: 2 });
    expect(pickUtilisation(small, [otherStack, far])?.entry).toBe(far);
    expect(
      pickUtilisation(small, [far, row({ size: "small", stack: "megatron", rows: 4 })])?.gave,
    ).toEqual(["other-stack"]);
    // A tie on cost and rows keeps the first.
    const first = row({ size: "large" });
    expect(pickUtilisation(small, [first, row({ size: "small", stack: "megatron" })])?.entry).toBe(
      first,
    );
  });

  it("the stack gives way before an MoE is measured as dense", () => {
    const moe = { ...want, moe: true };
    const otherStack = row({ moe: true, stack: "megatron" });
    const asDense = row({});
    expect(pickUtilisation(moe, [asDense, otherStack])?.entry).toBe(otherStack);
    // Two size classes (2) still beat measuring it as dense (3).
    const moeSmall = { ...moe, size: "small" } as const;
    const far = row({ moe: true, size: "large" });
    expect(pickUtilisation(moeSmall, [row({ size: "small" }), far])?.entry).toBe(far);
    // With only dense runs, the MoE takes theirs and says so.
    expect(pickUtilisation(moe, [asDense])?.gave).toEqual(["moe-as-dense"]);
  });

  it("a dense model never takes an MoE's speed", () => {
    expect(pickUtilisation(want, [row({ moe: true })])).toBeNull();
  });

  it("measuring an MoE as dense costs less than another family", () => {
    const moe = { ...want, moe: true };
    const asDense = row({});
    const otherFamily = row({ moe: true, family: "ampere-hbm" });
    expect(pickUtilisation(moe, [otherFamily, asDense])?.entry).toBe(asDense);
    // Stack and a size class (3) also beat another family (4).
    const near = row({ stack: "megatron", size: "large" });
    expect(pickUtilisation(want, [row({ family: "ampere-hbm" }), near])?.entry).toBe(near);
  });

  it("lists every dimension given up: family, MoE, stack, size", () => {
    const moe = { ...want, moe: true, size: "small" } as const;
    const p = pickUtilisation(moe, [row({ family: "ampere-hbm", stack: "megatron" })]);
    expect(p?.gave).toEqual(["other-family", "moe-as-dense", "other-stack", "other-size"]);
  });

  it("stands a family in only for its neighbours", () => {
    const neighbours: Record<GpuFamily, GpuFamily[]> = {
      "ampere-hbm": ["hopper-hbm"],
      "hopper-hbm": ["ampere-hbm", "blackwell-hbm"],
      "blackwell-hbm": ["hopper-hbm"],
      "ampere-gddr": ["ada-gddr"],
      "ada-gddr": ["ampere-gddr"],
      "blackwell-gddr": ["ada-gddr"],
    };
    const families = Object.keys(neighbours) as GpuFamily[];
    for (const family of families)
      for (const other of families) {
        if (other === family) continue;
        const p = pickUtilisation({ ...want, family }, [row({ family: other })]);
        if (neighbours[family].includes(other))
          expect(p?.gave, `${family} ← ${other}`).toEqual(["other-family"]);
        else expect(p, `${family} ← ${other}`).toBeNull();
      }
  });

  it("FP8 without an FP8 run falls back to 16-bit at the 16-bit peak; never the other way", () => {
    const sixteen = row({});
    const fp8 = { ...want, format: "fp8" } as const;
    expect(pickUtilisation(fp8, [sixteen])).toEqual({
      entry: sixteen,
      gave: ["fp8-as-16-bit"],
      format: "16-bit",
    });
    const fp8Row = row({ format: "fp8", size: "large" });
    expect(pickUtilisation(fp8, [sixteen, fp8Row])).toEqual({
      entry: fp8Row,
      gave: ["other-size"],
      format: "fp8",
    });
    expect(pickUtilisation(want, [row({ format: "fp8" })])).toBeNull();
    // Nothing near in either format: none.
    expect(pickUtilisation(fp8, [row({ family: "ada-gddr" })])).toBeNull();
    expect(pickUtilisation(fp8, [row({ stack: "megatron" })])?.gave).toEqual([
      "fp8-as-16-bit",
      "other-stack",
    ]);
  });
});
