/**
 * The analyzer's stores: what each part of the page shows, in both languages, for a fixture
 * run analysed as the worker does; the state machine's refusals and pastes; and "Use these
 * measurements" through the engine. Figures are worked out by hand from the fixtures.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { analyzer } from "../../../src/i18n/analyzer.ts";
import { analyzeRun, reportRun } from "../../../src/run-log/index.ts";
import type { ReportOptions } from "../../../src/run-log/index.ts";
import { fileView, shownRun } from "../../../src/workers/analyzer/shown-run.ts";
import type { LoadedRun } from "../../../src/workers/analyzer/protocol.ts";
import { engine } from "../../../src/stores/engine-impl.ts";
import { provideEngine } from "../../../src/stores/engine.ts";
import { $cost } from "../../../src/stores/cost.ts";
import { $measured } from "../../../src/stores/measured.ts";
import { addEngineCatalog } from "../../../src/stores/catalog.ts";
import { $boxes, PASTE_SHOWN_CHARS, takePaste } from "../../../src/stores/analyzer/paste.ts";
import { $settings } from "../../../src/stores/analyzer/settings.ts";
import { $slots, loadLog } from "../../../src/stores/analyzer/slots.ts";
import { $useStatus, saveMeasurements } from "../../../src/stores/analyzer/use.ts";
import { findingsView } from "../../../src/stores/analyzer/views/findings.ts";
import { gpuTableView } from "../../../src/stores/analyzer/views/gpu-table.ts";
import { inputView } from "../../../src/stores/analyzer/views/input.ts";
import { pageView } from "../../../src/stores/analyzer/views/page.ts";
import { throughputView } from "../../../src/stores/analyzer/views/throughput.ts";
import { useView } from "../../../src/stores/analyzer/views/use.ts";
import { CATALOG, parseFixture } from "../run-log/helpers.ts";

const EN = analyzer.en;
const ZH = analyzer["zh-cn"];

/** A fixture as the page receives it from the worker. */
function loaded(name: string, opts: ReportOptions = {}): LoadedRun {
  const log = parseFixture(name);
  const a = analyzeRun(log);
  const read = { format: "nvidia-smi-csv" as const, log, progress: [], probe: null };
  return shownRun(fileView(name, read, a, CATALOG), a, reportRun(a, { catalog: CATALOG, ...opts }));
}

/** 100,000 samples counted over single-gpu-warmup.csv's steady window (90 s to 869 s). */
const WORK = { workDone: { amount: 100_000, unit: "samples", scope: "steady-window" as const } };

describe("the GPU table", () => {
  const run = loaded("single-gpu-warmup.csv");
  it("shows the peak, the rental rounded up and the seeds' range, in English", () => {
    const v = gpuTableView(run, EN, "en");
    expect(v.headers[3]).toBe("To rent with 20% headroom (GB)");
    expect(v.headers[4]).toBe("At 15–25% (GB)");
    // 18944 MiB × 1.2 = 23.84 GB → 23.9; × 1.15 = 22.84 → 22.9; × 1.25 = 24.83 → 24.9. The
    // L4's 23034 MiB is this catalog's smallest over 22732.8 MiB.
    expect(v.rows[0]).toMatchObject({
      gpu: "0: NVIDIA GeForce RTX 4090",
      peak: "18,944",
      total: "24,564",
      rec: "23.9",
      range: "22.9–24.9",
      fit: "NVIDIA L4 (24 GB, 23,034 MiB)",
      smaller: "No",
      warmup: "90",
      window: "90–869",
    });
    expect(v.more).toBe("");
  });
  it("and in Chinese", () => {
    const v = gpuTableView(run, ZH, "zh-cn");
    expect(v.headers[3]).toBe("留 20% 余量后应租（GB）");
    expect(v.headers[4]).toBe("余量 15%–25% 时（GB）");
    expect(v.rows[0]).toMatchObject({ peak: "18,944", rec: "23.9", smaller: "不够" });
  });
  it("names a smaller catalog GPU that would do", () => {
    // An A10 (23028 MiB) peaking at 9290 MiB: 11148 MiB to rent fits the T4's 15360 MiB.
    const v = gpuTableView(loaded("crlf.csv"), EN, "en");
    expect(v.rows[0]?.smaller).toBe("NVIDIA T4 (16 GB, 15,360 MiB)");
    const f = findingsView(loaded("crlf.csv"), EN, "en").find((l) => l.code === "smaller-gpu-fits");
    // 11148 MiB = 11.69 GB, rented as 11.7 GB.
    expect(f?.text).toBe(
      "GPU 0: A smaller GPU would do: NVIDIA T4 (16 GB, 15,360 MiB in nvidia-smi) holds the 11.7 GB to rent.",
    );
    const zh = findingsView(loaded("crlf.csv"), ZH, "zh-cn").find(
      (l) => l.code === "smaller-gpu-fits",
    );
    expect(zh?.text).toBe(
      "GPU 0：更小的卡也够用：NVIDIA T4（16 GB，nvidia-smi 显示 15,360 MiB）装得下应租的 11.7 GB。",
    );
  });
});

describe("headroom, throughput and the inputs", () => {
  it("says when the headroom leaves the seeds' 15-25%", () => {
    const s = { ...$settings.get(), headroomPct: 50 };
    expect(pageView(true, s, null, 0, EN, "en").headroomHint).toContain(
      "50% is outside the recommended 15–25%.",
    );
    expect(pageView(true, s, null, 0, ZH, "zh-cn").headroomHint).toContain(
      "50% 不在建议的 15%–25% 之内。",
    );
    expect(pageView(true, { ...s, headroomPct: 20 }, null, 0, EN, "en").headroomHint).not.toContain(
      "outside",
    );
  });
  it("gives the throughput over the steady window in both languages", () => {
    // 100,000 samples from 12:01:30.125 to 12:14:29.126 (779.001 s): 128.37 a second,
    // 462,130 an hour.
    const run = loaded("single-gpu-warmup.csv", WORK);
    expect(throughputView(run, EN, "en").result).toBe(
      "128.4 samples per second, 462,130 samples per hour, over 779 s.",
    );
    expect(throughputView(run, ZH, "zh-cn").result).toBe(
      "每秒 128.4 样本，每小时 462,130 样本（统计 779 秒）。",
    );
  });
  it("a paste kept out of the box is named with its size", () => {
    const slot = { run: null, reading: null, error: null, progress: 0.5, id: 1 };
    const box = { text: "", empty: false, taken: 40 * 2 ** 20 };
    expect(inputView(slot, box, EN, "en")).toMatchObject({
      progressPct: "50%",
      message:
        "Pasted 40 MiB: too long to show in the box, so it is analysed as it is, like a file.",
      refused: false,
    });
    expect(inputView(slot, box, ZH, "zh-cn").message).toBe(
      "已粘贴 40 MiB：内容太长，不在文本框里显示，直接像文件一样分析。",
    );
    const tooLarge = {
      error: "too-large" as const,
      limitBytes: 50 * 2 ** 20,
      receivedBytes: 60 * 2 ** 20,
    };
    expect(inputView({ ...slot, error: tooLarge }, { ...box, taken: null }, EN, "en").message).toBe(
      "Refused: 60 MiB is over the 50 MiB limit. Keep part of the log (for example its first hour) and try again.",
    );
  });
});

describe("the state machine", () => {
  it("refuses a log over the limit before reading it", () => {
    loadLog("b", { text: "x".repeat(50 * 2 ** 20 + 1) }, "");
    expect($slots.get().b.error).toEqual({
      error: "too-large",
      limitBytes: 50 * 2 ** 20,
      receivedBytes: 50 * 2 ** 20 + 1,
    });
  });
  it("leaves a paste the box can show to the box", () => {
    expect(takePaste("a", "x".repeat(PASTE_SHOWN_CHARS))).toBe(false);
    expect($boxes.get().a.taken).toBeNull();
  });
});

describe("Use these measurements", () => {
  beforeAll(() => {
    provideEngine(engine);
    addEngineCatalog({ gpus: [...CATALOG], presets: [], prices: [], rates: [] });
  });
  it("saves the peak and its rental, and the single-GPU hours through the measured-run task", async () => {
    const run = loaded("single-gpu-warmup.csv", WORK);
    $slots.set({ ...$slots.get(), a: { run, reading: null, error: null, progress: null, id: 1 } });
    $settings.set({ ...$settings.get(), total: 5e7 });
    await saveMeasurements();
    // 5e7 ÷ 462,130.34 an hour × 1 GPU = 108.19 h.
    expect($cost.get().singleGpuHours).toBe(108.19);
    expect($measured.get()).toMatchObject({
      peakMemoryBytes: 18944 * 2 ** 20,
      headroom: 0.2,
      gpuCount: 1,
      workUnit: "samples",
      sourceFile: "single-gpu-warmup.csv",
    });
    expect($measured.get().recommendedBytes).toBeCloseTo(18944 * 2 ** 20 * 1.2, 1);
    const saved = $useStatus.get();
    expect(useView(run, saved, EN, "en").status).toBe(
      "Saved: peak 19.9 GB, 23.9 GB to rent. Single-GPU hours set to 108.19.",
    );
    expect(useView(run, saved, ZH, "zh-cn").status).toBe(
      "已保存：显存峰值 19.9 GB，应租 23.9 GB。 单卡耗时已设为 108.19 小时。",
    );
  });
  it("refuses hours the cost calculator cannot take instead of clamping them", async () => {
    const run = loaded("single-gpu-warmup.csv", WORK);
    $slots.set({ ...$slots.get(), a: { run, reading: null, error: null, progress: null, id: 2 } });
    $settings.set({ ...$settings.get(), total: 1e12 });
    const before = $cost.get().singleGpuHours;
    await saveMeasurements();
    expect($cost.get().singleGpuHours).toBe(before);
    // 1e12 ÷ 462,130.34 = 2,163,891.67 h, over the cost field's 1,000,000.
    expect(useView(run, $useStatus.get(), EN, "en").status).toContain(
      "Single-GPU hours not set: 2,163,891.67 is outside what the cost calculator takes (0 to 1,000,000).",
    );
  });
});
