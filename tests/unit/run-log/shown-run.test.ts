import { describe, expect, it } from "vitest";
import { analyzeRun, parseNvidiaSmiCsv, reportRun } from "../../../src/run-log/index.ts";
import {
  FINDINGS_PER_KIND,
  fileView,
  GPUS_SHOWN,
  shownRun,
} from "../../../src/workers/analyzer/shown-run.ts";
import { CATALOG } from "./helpers.ts";

/** `count` GPUs, three samples each; GPU i peaks at 1,000 + i MiB, every third one idle. */
function manyGpus(count: number): string {
  const lines = ["timestamp, index, memory.used [MiB], memory.total [MiB], utilization.gpu [%]"];
  for (let s = 0; s < 3; s++)
    for (let i = 0; i < count; i++)
      lines.push(
        `2024/05/01 12:00:0${s}.000, ${i}, ${1000 + i} MiB, 24564 MiB, ${i % 3 ? 80 : 0} %`,
      );
  return lines.join("\n");
}

describe("the page's view of a run", () => {
  const r = parseNvidiaSmiCsv(manyGpus(10_000));
  if (!r.ok) throw new Error("refused");
  const analysis = analyzeRun(r.log);
  const report = reportRun(analysis, { catalog: CATALOG });
  const read = { format: "nvidia-smi-csv" as const, log: r.log, progress: [], probe: null };
  const view = shownRun(fileView("x.csv", read, analysis, CATALOG), analysis, report);

  it("lists the first GPUs by index and counts them all", () => {
    expect(view.analysis.gpus.map((g) => g.index)).toEqual(
      Array.from({ length: GPUS_SHOWN }, (_, i) => i),
    );
    expect(view.timelines).toHaveLength(GPUS_SHOWN);
    expect(view.tables).toHaveLength(GPUS_SHOWN);
    expect(view.gpuCount).toBe(10_000);
    // GPU i is unused when i is a multiple of 3: 3,334 of them.
    expect(view.busyGpuCount).toBe(10_000 - 3334);
  });

  it("keeps the highest-peak GPU for saving, even when it is not listed, with its sizing", () => {
    expect(view.topGpu?.index).toBe(9999);
    expect(view.topGpu?.peakMemoryMiB).toBe(10_999);
    // 10999 MiB × 1.2 = 13198.8 MiB = 13.84 GB → 13.9 GB to rent.
    expect(view.topGpu?.sizing?.rentGB).toBe(13.9);
    expect(view.analysis.gpus[0]?.sizing?.rentGB).toBe(1.3); // 1000 MiB × 1.2 = 1.258 GB
  });

  it("lists a few findings of each kind and counts the rest of that kind", () => {
    const byCode = new Map<string, number>();
    for (const f of report.findings) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
    for (const [code, n] of byCode) {
      const listed = view.findings.filter((f) => f.code === code).length;
      expect(listed).toBe(Math.min(n, FINDINGS_PER_KIND));
      const left = view.findingsLeftOut.find((l) => l.kind === code)?.count ?? 0;
      expect(listed + left).toBe(n);
    }
    expect(view.findings.length).toBeLessThanOrEqual(byCode.size * FINDINGS_PER_KIND);
  });
});
