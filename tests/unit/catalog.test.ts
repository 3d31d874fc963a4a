/**
 * The GPU catalog (`content/gpus.json`): it parses with the schema, the schema refuses broken
 * entries, and every figure agrees with the checked reference tables
 * (`tests/fixtures/gpu-datasheets.tsv`, a copy of the shared reference, and
 * `gpu-datasheets-added.tsv` for the GPUs added since, typed in separately from the JSON).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOG_URL, loadCatalog } from "../../src/catalog/load.ts";
import { catalogSchema, gpuSchema, type FigureKey } from "../../src/catalog/schema.ts";
import { toGpuSpec } from "../../src/catalog/to-spec.ts";
import { pcieGBpsPerDirection } from "../../src/catalog/pcie.ts";
import type { PlanRow } from "../../src/estimate/plan/row.ts";
import { PRESETS } from "../../src/estimate/model/presets.ts";
import { runRequest } from "../../src/estimate/registry.ts";

type Raw = Record<string, unknown> & { id: string };

/** The catalog file as plain JSON, before the schema sees it. */
function rawCatalog(): Raw[] {
  return JSON.parse(readFileSync(CATALOG_URL, "utf8")) as Raw[];
}

/** A valid entry to break, cloned so tests do not share state. */
function validEntry(id = "a100-80gb-sxm"): Raw {
  const entry = rawCatalog().find((g) => g.id === id);
  if (!entry) throw new Error(`no ${id} in the catalog`);
  return structuredClone(entry);
}

function figure(entry: Raw, key: FigureKey): Record<string, unknown> {
  return entry[key] as Record<string, unknown>;
}

/** The entry's `multiGpu` object, to break. */
function multi(entry: Raw): Record<string, Record<string, unknown>> {
  return entry["multiGpu"] as Record<string, Record<string, unknown>>;
}

/** Every issue as "path.joined: message", so assertions can name the field. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.map(String).join(".")}: ${i.message}`);
}

describe("catalog file", () => {
  it("parses with catalogSchema", () => {
    const gpus = loadCatalog();
    expect(gpus.length).toBe(34);
    expect(catalogSchema.safeParse(rawCatalog()).success).toBe(true);
  });
});

describe("schema refuses broken entries", () => {
  it("a figure without a source", () => {
    const gpu = validEntry();
    delete figure(gpu, "memoryGB").source;
    const result = gpuSchema.safeParse(gpu);
    expect(result.success).toBe(false);
    expect(issuesOf(result).some((s) => s.startsWith("memoryGB.source:"))).toBe(true);
  });

  it("a memory total without a source, or without the figure at all", () => {
    const gpu = validEntry();
    delete figure(gpu, "memoryTotalMiB").source;
    expect(
      issuesOf(gpuSchema.safeParse(gpu)).some((s) => s.startsWith("memoryTotalMiB.source:")),
    ).toBe(true);
    const missing = validEntry();
    delete missing["memoryTotalMiB"];
    expect(
      issuesOf(gpuSchema.safeParse(missing)).some((s) => s.startsWith("memoryTotalMiB:")),
    ).toBe(true);
  });

  it("a memory total in the wrong unit: GB, decimal MB, or a fraction of a MiB", () => {
    for (const value of [80, 85899, 40960]) {
      const gpu = validEntry(); // A100 80GB SXM: 80 GB sold = 81920 MiB
      figure(gpu, "memoryTotalMiB").value = value;
      expect(
        issuesOf(gpuSchema.safeParse(gpu)).some((s) => s.startsWith("memoryTotalMiB.value:")),
        String(value),
      ).toBe(true);
    }
    const fraction = validEntry();
    figure(fraction, "memoryTotalMiB").value = 81919.5;
    expect(issuesOf(gpuSchema.safeParse(fraction))).toContain(
      "memoryTotalMiB.value: memory in MiB is a whole number",
    );
  });

  it("a figure with an empty source", () => {
    const gpu = validEntry();
    figure(gpu, "tdpW").source = "";
    const result = gpuSchema.safeParse(gpu);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toContain("tdpW.source: every figure needs a source");
  });

  it("a figure citing a source id that is not in sources", () => {
    const gpu = validEntry();
    figure(gpu, "bandwidthGBps").source = "no-such-document";
    const result = gpuSchema.safeParse(gpu);
    expect(result.success).toBe(false);
    const issues = issuesOf(result);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      /^bandwidthGBps\.source: .*"no-such-document".*not in its sources list/,
    );
  });

  it("a negative figure", () => {
    const gpu = validEntry();
    figure(gpu, "fp32Tflops").value = -19.5;
    const result = gpuSchema.safeParse(gpu);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toContain(
      "fp32Tflops.value: a catalog figure must be a positive number",
    );
  });

  it("a zero figure", () => {
    const gpu = validEntry();
    (multi(gpu)["linkGBps"] as Record<string, unknown>).value = 0;
    const result = gpuSchema.safeParse(gpu);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toContain(
      "multiGpu.linkGBps.value: a catalog figure must be a positive number",
    );
  });

  it("a GPU without multi-GPU facts", () => {
    const gpu = validEntry();
    delete gpu["multiGpu"];
    expect(issuesOf(gpuSchema.safeParse(gpu)).some((s) => s.startsWith("multiGpu:"))).toBe(true);
  });

  it("a link figure on a PCIe-only GPU, and a link without its figure", () => {
    const pcie = validEntry("rtx-4090");
    multi(pcie)["linkGBps"] = { value: 64, source: "whitepaper" };
    expect(issuesOf(gpuSchema.safeParse(pcie))).toEqual([
      "multiGpu.linkGBps: rtx-4090: a PCIe-only GPU has no GPU-to-GPU link figure",
    ]);
    const nvlink = validEntry("h100-sxm");
    delete multi(nvlink)["linkGBps"];
    expect(issuesOf(gpuSchema.safeParse(nvlink))).toEqual([
      'multiGpu.linkGBps: h100-sxm: link "nvswitch" needs its bandwidth figure',
    ]);
  });

  it("a link kind the schema does not know", () => {
    const gpu = validEntry();
    (gpu["multiGpu"] as Record<string, unknown>)["link"] = "infiniband";
    expect(issuesOf(gpuSchema.safeParse(gpu)).some((s) => s.startsWith("multiGpu.link:"))).toBe(
      true,
    );
  });

  it("a multi-GPU fact citing a source that is not in sources", () => {
    const gpu = validEntry();
    multi(gpu)["pcie"] = { gen: 4, lanes: 16, source: "forum-post" };
    const issues = issuesOf(gpuSchema.safeParse(gpu));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^multiGpu\.pcie\.source: .*"forum-post".*not in its sources list/);
  });

  it("a PCIe link without a source, or of a generation or width that does not exist", () => {
    const gpu = validEntry();
    multi(gpu)["pcie"] = { gen: 6, lanes: 12 };
    const issues = issuesOf(gpuSchema.safeParse(gpu));
    for (const field of ["gen", "lanes", "source"])
      expect(
        issues.some((s) => s.startsWith(`multiGpu.pcie.${field}:`)),
        field,
      ).toBe(true);
  });

  it("a peer-to-peer yes or no without a source", () => {
    const gpu = validEntry("rtx-4090");
    delete multi(gpu)["pcieP2p"]?.["source"];
    expect(issuesOf(gpuSchema.safeParse(gpu))).toEqual([
      'multiGpu.pcieP2p.source: rtx-4090: peer-to-peer "no" needs a source',
    ]);
  });

  it("node sizes without a source that are not marked unverified, or out of order", () => {
    const gpu = validEntry("h100-sxm");
    delete multi(gpu)["nodeGpus"]?.["source"];
    expect(issuesOf(gpuSchema.safeParse(gpu))).toEqual([
      'multiGpu.nodeGpus.source: h100-sxm: GPUs per node need a source or "unverified": true',
    ]);
    const unordered = validEntry("h100-sxm");
    (multi(unordered)["nodeGpus"] as Record<string, unknown>).value = [8, 1, 8];
    expect(issuesOf(gpuSchema.safeParse(unordered))).toEqual([
      "multiGpu.nodeGpus.value: h100-sxm: GPUs per node must be listed once each, ascending",
    ]);
  });

  it("a missing bandwidth, FP32 or power figure not listed as unknown", () => {
    const gpu = validEntry();
    delete gpu["bandwidthGBps"];
    expect(issuesOf(gpuSchema.safeParse(gpu))).toEqual([
      'bandwidthGBps: a100-80gb-sxm: bandwidthGBps is required unless listed in "unknown"',
    ]);
    gpu["unknown"] = ["bandwidthGBps"];
    expect(gpuSchema.safeParse(gpu).success).toBe(true);
  });

  it("a figure listed as unknown that has a value", () => {
    const gpu = validEntry();
    gpu["unknown"] = ["tdpW"];
    expect(issuesOf(gpuSchema.safeParse(gpu))).toEqual([
      "unknown: a100-80gb-sxm: tdpW is listed as unknown but has a figure",
    ]);
  });

  it("a duplicate id", () => {
    const result = catalogSchema.safeParse([validEntry("t4"), validEntry(), validEntry()]);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual(['2.id: duplicate GPU id "a100-80gb-sxm"']);
  });

  it("an empty sources list", () => {
    const gpu = validEntry();
    gpu.sources = [];
    const result = gpuSchema.safeParse(gpu);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toContain("sources: a GPU needs at least one source");
  });
});

// ---------------------------------------------------------------------------------------
// Agreement with the reference table.

const TSV_TO_ID: Record<string, string> = {
  "NVIDIA T4": "t4",
  "NVIDIA V100 SXM2 32GB": "v100-sxm2-32gb",
  "NVIDIA V100 PCIe": "v100-pcie",
  "NVIDIA A10": "a10",
  "NVIDIA A10G": "a10g",
  "NVIDIA A30": "a30",
  "NVIDIA A40": "a40",
  "NVIDIA A100 40GB PCIe": "a100-40gb-pcie",
  "NVIDIA A100 80GB SXM": "a100-80gb-sxm",
  "NVIDIA A800 80GB SXM": "a800-80gb-sxm",
  "NVIDIA L4": "l4",
  "NVIDIA L20": "l20",
  "NVIDIA L40": "l40",
  "NVIDIA L40S": "l40s",
  "NVIDIA H100 SXM 80GB": "h100-sxm",
  "NVIDIA H100 PCIe": "h100-pcie",
  "NVIDIA H800 SXM": "h800-sxm",
  "NVIDIA H20": "h20",
  "NVIDIA H200 SXM 141GB": "h200-sxm",
  "NVIDIA B200 (HGX)": "b200",
  "GeForce RTX 3090": "rtx-3090",
  "GeForce RTX 4090": "rtx-4090",
  "GeForce RTX 4090D": "rtx-4090d",
  "GeForce RTX 5090": "rtx-5090",
  "NVIDIA RTX A6000": "rtx-a6000",
  "NVIDIA RTX 6000 Ada": "rtx-6000-ada",
  "AMD Instinct MI250X": "mi250x",
  "AMD Instinct MI300X": "mi300x",
  // gpu-datasheets-added.tsv
  "NVIDIA V100 PCIe 16GB": "v100-pcie-16gb",
  "NVIDIA Tesla P40": "p40",
  "NVIDIA A100 80GB PCIe": "a100-80gb-pcie",
  "GeForce RTX 3080": "rtx-3080",
  "GeForce RTX 3090 Ti": "rtx-3090-ti",
  "Huawei Ascend 910B": "ascend-910b",
};

/** TSV column -> catalog figure(s). The FP16/BF16 column feeds both tensor figures. */
const COLUMNS: Record<string, FigureKey[]> = {
  memory_GB: ["memoryGB"],
  bandwidth_GB_s: ["bandwidthGBps"],
  fp32_TFLOPS: ["fp32Tflops"],
  tf32_tensor_TFLOPS_dense: ["tf32TensorTflopsDense"],
  fp16_bf16_tensor_TFLOPS_dense: ["fp16TensorTflopsDense", "bf16TensorTflopsDense"],
  fp8_tensor_TFLOPS_dense: ["fp8TensorTflopsDense"],
  int8_TOPS_dense: ["int8TensorTopsDense"],
  TDP_W: ["tdpW"],
};

/**
 * Cells whose first number is not the catalog's choice, by decision: the V100 PCIe is listed
 * with its 32 GB version ("16/32"), the H100 PCIe with the top of its configurable power
 * range ("300-350"). The catalog notes the other figure.
 */
const CHOSEN: Record<string, Partial<Record<FigureKey, number>>> = {
  "v100-pcie": { memoryGB: 32 },
  "h100-pcie": { tdpW: 350 },
};

function readTsv(file: string): Record<string, string>[] {
  const text = readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8");
  const [header, ...lines] = text.split("\n").filter((l) => l.trim() !== "");
  if (!header) throw new Error("empty TSV");
  const names = header.split("\t");
  return lines.map((line) => {
    const cells = line.split("\t");
    expect(cells.length).toBe(names.length);
    return Object.fromEntries(names.map((n, i) => [n, (cells[i] ?? "").trim()]));
  });
}

/** The number a cell starts with ("165.2 (FP32 acc) / 330.3 (FP16 acc)" -> 165.2), if any. */
const firstNumber = (cell: string): number | undefined => {
  const m = /^(\d+(?:\.\d+)?)/.exec(cell);
  return m ? Number(m[1]) : undefined;
};

describe("catalog agrees with the reference tables", () => {
  const shared = readTsv("gpu-datasheets.tsv");
  const added = readTsv("gpu-datasheets-added.tsv");
  const rows = [...shared, ...added];
  const byId = new Map(loadCatalog().map((g) => [g.id, g]));

  it("has one catalog entry per reference row, and no others", () => {
    expect(shared).toHaveLength(28);
    expect(added).toHaveLength(6);
    const ids = rows.map((r) => TSV_TO_ID[r["name"] ?? ""]);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(rows.length);
    expect([...byId.keys()].sort()).toEqual([...(ids as string[])].sort());
  });

  for (const row of rows) {
    const name = row["name"] ?? "";
    const id = TSV_TO_ID[name] ?? `unmapped: ${name}`;
    it(`${id}: every mapped figure matches "${name}"`, () => {
      const gpu = byId.get(id);
      expect(gpu, `catalog has ${id}`).toBeDefined();
      if (!gpu) return;
      let checked = 0;
      for (const [column, keys] of Object.entries(COLUMNS)) {
        const cell = row[column];
        expect(cell, `TSV column ${column}`).toBeDefined();
        if (cell === undefined) continue;
        for (const key of keys) {
          const where = `${id}.${key} (TSV ${column} = "${cell}")`;
          const fig = gpu[key];
          const noBf16 = key === "bf16TensorTflopsDense" && /FP16 only|no BF16/.test(cell);
          const number = firstNumber(cell);
          if (cell.startsWith("—") || noBf16) {
            expect(fig, `${where} must be absent`).toBeUndefined();
          } else if (cell.includes("?")) {
            if (number === undefined) {
              // A bare "?": no figure at all, or an unverified one.
              if (fig) expect(fig.unverified, `${where} must be unverified`).toBe(true);
            } else {
              expect(fig, `${where} must be present`).toBeDefined();
              expect(fig?.unverified, `${where} must be unverified`).toBe(true);
              expect(Math.abs((fig?.value ?? NaN) - number), where).toBeLessThanOrEqual(0.05);
            }
          } else {
            const expected = CHOSEN[id]?.[key] ?? number;
            expect(expected, `${where} has a number`).toBeDefined();
            expect(fig, `${where} must be present`).toBeDefined();
            expect(fig?.unverified, `${where} is backed by a document`).not.toBe(true);
            expect(Math.abs((fig?.value ?? NaN) - (expected ?? NaN)), where).toBeLessThanOrEqual(
              0.05,
            );
          }
          checked++;
        }
      }
      expect(checked).toBe(9);
    });
  }

  it("the chosen figures are among the numbers the reference cell gives", () => {
    const cell = (id: string, column: string) =>
      rows.find((r) => TSV_TO_ID[r["name"] ?? ""] === id)?.[column] ?? "";
    expect(cell("v100-pcie", "memory_GB")).toBe("16/32");
    expect(cell("h100-pcie", "TDP_W")).toBe("300-350");
  });

  it("GPU-to-GPU links are listed exactly where they exist", () => {
    const links: Record<string, number> = {
      "a100-40gb-pcie": 600,
      "a100-80gb-pcie": 600,
      "rtx-3090-ti": 112.5,
      mi250x: 100,
      "ascend-910b": 600,
      "v100-sxm2-32gb": 300,
      a30: 200,
      a40: 112.5,
      "a100-80gb-sxm": 600,
      "a800-80gb-sxm": 400,
      "h100-sxm": 900,
      "h100-pcie": 600,
      "h800-sxm": 400,
      h20: 900,
      "h200-sxm": 900,
      b200: 1800,
      "rtx-3090": 112.5,
      "rtx-a6000": 112.5,
      mi300x: 896,
    };
    for (const [id, gpu] of byId) {
      expect(gpu.multiGpu.linkGBps?.value, `${id}.multiGpu.linkGBps`).toBe(links[id]);
      expect(gpu.multiGpu.link === "pcie", `${id}: PCIe only`).toBe(links[id] === undefined);
    }
  });

  it("link kinds: NVSwitch boards, bridged pairs, the V100 mesh, Infinity Fabric, HCCS", () => {
    const kinds: Record<string, string[]> = {
      nvswitch: [
        "a100-80gb-sxm",
        "a800-80gb-sxm",
        "h100-sxm",
        "h800-sxm",
        "h20",
        "h200-sxm",
        "b200",
      ],
      "nvlink-bridge": [
        "a30",
        "a40",
        "a100-40gb-pcie",
        "a100-80gb-pcie",
        "h100-pcie",
        "rtx-3090",
        "rtx-3090-ti",
        "rtx-a6000",
      ],
      "nvlink-mesh": ["v100-sxm2-32gb"],
      xgmi: ["mi250x", "mi300x"],
      hccs: ["ascend-910b"],
    };
    for (const [link, ids] of Object.entries(kinds))
      for (const id of ids) expect(byId.get(id)?.multiGpu.link, id).toBe(link);
  });

  it("PCIe generations as the vendors state them", () => {
    const gen = (id: string) => byId.get(id)?.multiGpu.pcie.gen;
    for (const id of ["t4", "v100-sxm2-32gb", "v100-pcie", "v100-pcie-16gb", "p40"])
      expect(gen(id), id).toBe(3);
    for (const id of ["a100-80gb-sxm", "l40s", "rtx-3090", "rtx-4090", "mi250x"])
      expect(gen(id), id).toBe(4);
    for (const id of ["h100-sxm", "h100-pcie", "h200-sxm", "b200", "rtx-5090", "mi300x"])
      expect(gen(id), id).toBe(5);
  });

  it("GeForce RTX 4090 and 5090 have no PCIe peer-to-peer with the stock driver", () => {
    for (const id of ["rtx-4090", "rtx-5090"]) {
      const p2p = byId.get(id)?.multiGpu.pcieP2p;
      expect(p2p?.value, id).toBe("no");
      expect(p2p?.source, id).toBeDefined();
    }
  });

  it("no node holds more than 8 GPUs, and sourced node sizes come from instance listings", () => {
    for (const [id, gpu] of byId) {
      const counts = gpu.multiGpu.nodeGpus.value;
      expect(Math.max(...counts), id).toBeLessThanOrEqual(8);
    }
    expect(byId.get("h100-sxm")?.multiGpu.nodeGpus.value).toEqual([1, 2, 4, 8]);
    expect(byId.get("h100-sxm")?.multiGpu.nodeGpus.unverified).toBeUndefined();
    expect(byId.get("mi300x")?.multiGpu.nodeGpus.value).toEqual([8]);
  });

  it("segments: GeForce is consumer, RTX pro cards are workstation", () => {
    for (const [id, gpu] of byId) {
      const expected =
        id.startsWith("rtx-a") || id === "rtx-6000-ada"
          ? "workstation"
          : id.startsWith("rtx-")
            ? "consumer"
            : "datacenter";
      expect(gpu.segment, id).toBe(expected);
    }
  });
});

describe("memory as nvidia-smi reports it (memoryTotalMiB)", () => {
  const byId = new Map(loadCatalog().map((g) => [g.id, g]));
  const sourceOf = (id: string) => {
    const gpu = byId.get(id);
    return gpu?.sources.find((s) => s.id === gpu.memoryTotalMiB.source);
  };

  it("known printouts: RTX 4090 24564 MiB, A100 80GB SXM 81920 MiB, T4 15360 MiB", () => {
    const known: [string, number, string][] = [
      ["rtx-4090", 24564, "https://github.com/RLinf/RLinf/issues/255"],
      [
        "a100-80gb-sxm",
        81920,
        "https://github.com/thamada/nvidia-smi/blob/c4c8a463a61e4ac67e3d7956da104b302760a498/gls/A100SXMx4_smi.py",
      ],
      ["t4", 15360, "https://github.com/modal-labs/modal-client/pull/2797"],
    ];
    for (const [id, mib, url] of known) {
      const fig = byId.get(id)?.memoryTotalMiB;
      expect(fig?.value, id).toBe(mib);
      expect(fig?.unverified, id).toBeUndefined();
      expect(sourceOf(id)?.url, id).toBe(url);
    }
  });

  it("data-center GDDR with ECC on keeps 1/16; HBM and GeForce cards keep their binary size", () => {
    const mib = (id: string) => byId.get(id)?.memoryTotalMiB.value ?? NaN;
    const soldMiB = (id: string) => (byId.get(id)?.memoryGB.value ?? NaN) * 1024;
    for (const id of ["t4", "a10", "l4", "l40s", "a40"])
      expect(soldMiB(id) - mib(id), id).toBeGreaterThanOrEqual(soldMiB(id) / 16);
    for (const id of ["a100-80gb-sxm", "rtx-3090", "h100-sxm", "h200-sxm", "rtx-4090"])
      expect(mib(id) / soldMiB(id), id).toBeGreaterThan(0.99);
  });

  it("every unverified memory total says how it was derived or where it was seen", () => {
    for (const [id, gpu] of byId)
      if (gpu.memoryTotalMiB.unverified) expect(gpu.memoryTotalMiB.note, id).toMatch(/\w{3}/);
  });

  it("the estimator's capacity is the total in bytes, MiB x 2^20; the sold size stays for display", () => {
    const spec = toGpuSpec(byId.get("rtx-4090")!);
    expect(spec.memoryTotalBytes).toBe(24564 * 2 ** 20);
    expect(spec.memoryGB).toBe(24);
    // An unverified total is named among the unverified figures, as the others are.
    expect(toGpuSpec(byId.get("b200")!).unverified).toContain("memoryTotalMiB");
    expect(spec.unverified).not.toContain("memoryTotalMiB");
  });
});

describe("toGpuSpec", () => {
  const specs = new Map(loadCatalog().map((g) => [g.id, toGpuSpec(g)]));

  it("rtx-4090: 24 GB, BF16 165.2 (FP32 accumulate), no NVLink, no PCIe peer-to-peer", () => {
    const spec = specs.get("rtx-4090");
    expect(spec?.memoryGB).toBe(24);
    expect(spec?.tensorTflopsDense.bf16).toBe(165.2);
    expect(spec?.tensorTflopsDense.fp16).toBe(165.2);
    expect(spec?.segment).toBe("consumer");
    expect(spec).not.toHaveProperty("linkGBps");
    expect(spec?.link).toBe("pcie");
    expect(spec?.pcieP2p).toBe("no");
    expect(spec?.pcieGBps).toBeCloseTo(31.5, 1);
    expect(spec?.unverified).toEqual([]);
  });

  it("a100-80gb-sxm: NVLink 600 GB/s through NVSwitch, no FP8", () => {
    const spec = specs.get("a100-80gb-sxm");
    expect(spec?.linkGBps).toBe(600);
    expect(spec?.link).toBe("nvswitch");
    expect(spec?.tensorTflopsDense.fp8).toBeUndefined();
  });

  it("h100-sxm: NVSwitch 900 GB/s, PCIe Gen5 x16, rented 1 to 8 per node", () => {
    const spec = specs.get("h100-sxm");
    expect(spec?.link).toBe("nvswitch");
    expect(spec?.linkGBps).toBe(900);
    expect(spec?.pcieGBps).toBeCloseTo(63, 0);
    expect(spec?.nodeGpus).toEqual([1, 2, 4, 8]);
  });

  it("a100-40gb-pcie: NVLink bridge 600 GB/s", () => {
    const spec = specs.get("a100-40gb-pcie");
    expect(spec?.link).toBe("nvlink-bridge");
    expect(spec?.linkGBps).toBe(600);
  });

  it("PCIe per direction follows PCI-SIG's rates and 128b/130b code", () => {
    // x16: Gen3 ≈ 15.75, Gen4 ≈ 31.5, Gen5 ≈ 63 GB/s per direction (PCI-SIG: 32/64/128 both ways).
    expect(pcieGBpsPerDirection(3, 16)).toBeCloseTo(15.75, 2);
    expect(pcieGBpsPerDirection(4, 16)).toBeCloseTo(31.51, 2);
    expect(pcieGBpsPerDirection(5, 16)).toBeCloseTo(63.02, 2);
    expect(pcieGBpsPerDirection(5, 8)).toBeCloseTo(pcieGBpsPerDirection(4, 16), 9);
    expect(specs.get("t4")?.pcieGBps).toBe(pcieGBpsPerDirection(3, 16));
  });

  it("an unverified link figure is named among the unverified figures", () => {
    expect(specs.get("ascend-910b")?.unverified).toContain("linkGBps");
    expect(specs.get("h100-sxm")?.unverified).not.toContain("linkGBps");
  });

  it("lists the unverified figures by name", () => {
    expect(specs.get("a10g")?.unverified).toEqual([
      "fp32Tflops",
      "tf32TensorTflopsDense",
      "fp16TensorTflopsDense",
      "bf16TensorTflopsDense",
      "tdpW",
    ]);
    expect(specs.get("t4")?.tensorTflopsDense.bf16).toBeUndefined();
  });
});

describe("a GPU the catalog gives no speed figures (Ascend 910B)", () => {
  const gpus = loadCatalog().map(toGpuSpec);
  const run = (request: Record<string, unknown>) => runRequest(request, { gpus, presets: PRESETS });
  const codes = (request: Record<string, unknown>) => {
    const r = run(request);
    return r.ok ? [] : r.issues.map((i) => `${i.field}: ${i.code}`);
  };
  const model = { preset: "llama-3.1-8b" };

  it("has memory but no bandwidth, compute or power figure, and says why in its notes", () => {
    const entry = loadCatalog().find((g) => g.id === "ascend-910b");
    expect(entry?.vendor).toBe("Huawei");
    expect(entry?.memoryGB.unverified).toBe(true);
    for (const key of ["bandwidthGBps", "fp32Tflops", "tdpW", "fp16TensorTflopsDense"] as const)
      expect(entry?.[key], key).toBeUndefined();
    expect(entry?.notes).toMatch(/CANN/);
    expect(entry?.notes).toMatch(/not CUDA/);
  });

  it("memory estimates run on it", () => {
    expect(run({ task: "train-memory", model, gpu: "ascend-910b" }).ok).toBe(true);
    expect(run({ task: "infer-memory", model, gpu: "ascend-910b" }).ok).toBe(true);
  });

  it("speed and time estimates refuse it with the reason", () => {
    expect(codes({ task: "decode-speed", model, gpu: "ascend-910b" })).toEqual([
      "gpu: gpu-no-bandwidth",
      "gpu: gpu-no-compute",
    ]);
    expect(codes({ task: "train-time", model, tokens: 1e9, gpu: "ascend-910b" })).toEqual([
      "gpu: gpu-no-compute",
    ]);
    expect(
      codes({
        task: "diagnose",
        throughputA: 10,
        throughputB: 20,
        gpuA: "ascend-910b",
        gpuB: "t4",
      }),
    ).toEqual(["gpuA: gpu-no-compute"]);
  });

  it("a GPU ranking keeps it with its memory verdict but no time, and says why", () => {
    const r = run({
      task: "plan",
      workload: { task: "train-memory", model },
      tokens: 1e9,
      sortBy: "time",
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const rows = (r.result as unknown as { rows: PlanRow[] }).rows;
    const ascend = rows.find((x) => x.gpu === "ascend-910b");
    expect(ascend?.verdict).not.toBe("does-not-fit");
    expect(ascend?.hours).toBeNull();
    expect(ascend?.reasons).toContain("no-compute-figure");
    const timed = rows.filter((x) => x.verdict !== "does-not-fit" && x.hours !== null);
    expect(timed.length).toBeGreaterThan(0);
    // Ranked after every row whose time is known.
    expect(rows.indexOf(ascend as PlanRow)).toBeGreaterThan(rows.indexOf(timed.at(-1) as PlanRow));
  });

  it("the per-GPU comparison of a training time leaves it out", () => {
    const r = run({ task: "train-time", model, tokens: 1e9, gpu: "h100-sxm" });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const byGpu = (r.result as unknown as { byGpu: { gpu: string }[] }).byGpu;
    expect(byGpu.map((x) => x.gpu)).not.toContain("ascend-910b");
    expect(byGpu).toHaveLength(gpus.length - 1);
  });
});
