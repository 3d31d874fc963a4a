import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { GpuSpec } from "../../../src/estimate/hardware/gpu.ts";
import { mibToBytes } from "../../../src/estimate/units.ts";
import { parseNvidiaSmiCsv } from "../../../src/run-log/index.ts";
import type { ParsedLog } from "../../../src/run-log/index.ts";

export const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../../fixtures/run-logs/${name}`, import.meta.url)), "utf8");

export function parseFixture(name: string): ParsedLog {
  const r = parseNvidiaSmiCsv(fixture(name));
  if (!r.ok) throw new Error(`refused ${name}`);
  return r.log;
}

export { allFinite } from "../estimate/helpers.ts";

const spec = (
  id: string,
  name: string,
  memoryGB: number,
  memoryTotalMiB: number,
  fp32Tflops: number,
  bf16: number,
): GpuSpec => ({
  id,
  name,
  vendor: "NVIDIA",
  segment: "datacenter",
  memoryGB,
  memoryTotalBytes: mibToBytes(memoryTotalMiB),
  bandwidthGBps: 1000,
  fp32Tflops,
  tensorTflopsDense: { bf16, fp16: bf16 },
  // The analyzer reads no link facts; these only complete the type.
  link: "pcie",
  pcieGBps: 31.5,
  pcieP2p: "unverified",
  nodeGpus: [1],
  tdpW: 300,
  unverified: [],
});
// Memory as sold, nvidia-smi memory.total (MiB) and dense BF16 peaks as in content/gpus.json.
export const CATALOG: GpuSpec[] = [
  spec("t4", "NVIDIA T4", 16, 15360, 8.1, 65),
  spec("l4", "NVIDIA L4", 24, 23034, 30.3, 121),
  spec("rtx-4090", "NVIDIA GeForce RTX 4090", 24, 24564, 82.6, 165.2),
  spec("rtx-5090", "NVIDIA GeForce RTX 5090", 32, 32607, 104.8, 209.5),
  spec("l40s", "NVIDIA L40S", 48, 46068, 91.6, 362),
  spec("a100-40gb-pcie", "NVIDIA A100 40GB PCIe", 40, 40960, 19.5, 312),
  spec("a100-80gb-sxm", "NVIDIA A100 80GB SXM", 80, 81920, 19.5, 312),
  spec("h100-sxm", "NVIDIA H100 SXM 80GB", 80, 81559, 67, 989),
];
