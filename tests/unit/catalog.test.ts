/**
 * The GPU catalog (`content/gpus.json`): it parses with the schema, the schema refuses broken
 * entries, and every figure agrees with the checked reference table
 * (`tests/fixtures/gpu-datasheets.tsv`, a copy of the shared reference).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOG_URL, loadCatalog } from "../../src/catalog/load.ts";
import { catalogSchema, gpuSchema, type FigureKey } from "../../src/catalog/schema.ts";
import { toGpuSpec } from "../../src/catalog/to-spec.ts";

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
    expect(gpus.length).toBe(28);
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
    figure(gpu, "nvlinkGBps").value = 0;
    const result = gpuSchema.safeParse(gpu);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toContain(
      "nvlinkGBps.value: a catalog figure must be a positive number",
    );
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

function readTsv(): Record<string, string>[] {
  const text = readFileSync(new URL("../fixtures/gpu-datasheets.tsv", import.meta.url), "utf8");
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

describe("catalog agrees with the reference table", () => {
  const rows = readTsv();
  const byId = new Map(loadCatalog().map((g) => [g.id, g]));

  it("has one catalog entry per reference row, and no others", () => {
    expect(rows).toHaveLength(28);
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
      expect(gpu.nvlinkGBps?.value, `${id}.nvlinkGBps`).toBe(links[id]);
    }
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

describe("toGpuSpec", () => {
  const specs = new Map(loadCatalog().map((g) => [g.id, toGpuSpec(g)]));

  it("rtx-4090: 24 GB, BF16 165.2 (FP32 accumulate), no NVLink", () => {
    const spec = specs.get("rtx-4090");
    expect(spec?.memoryGB).toBe(24);
    expect(spec?.tensorTflopsDense.bf16).toBe(165.2);
    expect(spec?.tensorTflopsDense.fp16).toBe(165.2);
    expect(spec?.segment).toBe("consumer");
    expect(spec).not.toHaveProperty("nvlinkGBps");
    expect(spec?.unverified).toEqual([]);
  });

  it("a100-80gb-sxm: NVLink 600 GB/s, no FP8", () => {
    const spec = specs.get("a100-80gb-sxm");
    expect(spec?.nvlinkGBps).toBe(600);
    expect(spec?.tensorTflopsDense.fp8).toBeUndefined();
  });

  it("lists the unverified figures by name", () => {
    expect(specs.get("a10g")?.unverified).toEqual(["fp32Tflops", "tdpW"]);
    expect(specs.get("t4")?.tensorTflopsDense.bf16).toBeUndefined();
  });
});
