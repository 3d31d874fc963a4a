/**
 * Training readers against hand-written fixtures (tests/fixtures/logs/); each expected figure
 * is worked out from the fixture's lines in the comment beside it.
 */
import { describe, expect, it } from "vitest";
import {
  readHfTrainerConsole,
  readHfTrainerState,
  readLlamaFactoryLog,
  readMegatronLog,
  readTorchtitanLog,
} from "../../../../src/run-log/readers/index.ts";
import { dictNumbers } from "../../../../src/run-log/readers/hf-trainer-console.ts";
import { allFinite, GIB, logFixture, MIB, reading, refused } from "./helpers.ts";

describe("torchtitan reader", () => {
  it("reads the steady tokens/s per device, dropping the compile step and the ramp", () => {
    const r = reading(readTorchtitanLog(logFixture("torchtitan-0.2.2-color.log")));
    expect(r.format.id).toBe("torchtitan-log");
    expect(r.workload).toBe("training");
    // Steps 1 (1,234 tps) and 10 (3,950) are warm-up; steps 20–150 (lines 11–25, 14 readings)
    // come in pairs summing to 10,600: 7 × 10,600 / 14 = 5,300 tokens/s per device.
    const tps = r.trainingTokensPerSecond!;
    expect(tps).toMatchObject({ per: "device", scope: "steady-window", line: 11 });
    expect(tps.perSecond).toBeCloseTo(5300, 9);
    expect(tps.window).toMatchObject({ found: true, startLine: 11, endLine: 25, readings: 14 });
    // Step 1 at 14:00:30.412, step 20 at 14:01:02.095, step 150 at 14:03:12.108.
    expect(tps.window!.warmupSeconds).toBeCloseTo(31.683, 3);
    expect(tps.window!.windowSeconds).toBeCloseTo(130.013, 3);
    // TFLOPs pairs sum to 623.28 (312.23 + 311.05, …): 7 × 623.28 / 14 = 311.64.
    expect(r.tflopsPerDevice!.perSecond).toBeCloseTo(311.64, 9);
    // Largest max_reserved: 61.47 GiB on line 17 (step 80) = 61.47 × 2³⁰ B.
    expect(r.peakMemory).toEqual([
      { bytes: Math.round(61.47 * GIB), view: "torch-max-reserved", line: 17, rank: null },
    ]);
    // "total steps 1000" from the start-up line; the validate step line is not a step.
    expect(r.steps).toEqual({ done: 150, total: 1000, line: 25 });
    expect(r.issues).toEqual([]);
    expect(allFinite(r)).toBe(true);
  });

  it("follows rank 0, takes memory from every rank, and measures the run after a restart", () => {
    const r = reading(readTorchtitanLog(logFixture("torchtitan-0.2.1-ranks-restart.log")));
    // The first attempt (steps 1–30) crashed; the second starts at step 1 again on line 17.
    expect(r.segments).toMatchObject({ count: 2, used: 1, firstLine: 17 });
    expect(r.issues).toEqual([{ line: 17, code: "restart" }]);
    // Steps 20–120 of the second run: 4810+4790 + 4805+4795 + 4800+4810+4790+4805+4795+4800+4800
    // = 52,800 over 11 readings = 4,800 (rank 1's tps, 6 higher, are not mixed in).
    expect(r.trainingTokensPerSecond!.perSecond).toBeCloseTo(4800, 9);
    expect(r.trainingTokensPerSecond!.window).toMatchObject({ startLine: 21, readings: 11 });
    // Rank 1 reserved 60.02 GiB at step 80 (line 34), more than any rank 0 line.
    expect(r.peakMemory).toEqual([
      { bytes: Math.round(60.02 * GIB), view: "torch-max-reserved", line: 34, rank: 1 },
    ]);
    expect(r.steps).toEqual({ done: 120, total: 500, line: 41 });
  });
});

describe("Megatron-LM reader", () => {
  it("turns iteration times into samples and tokens per second over the steady window", () => {
    const r = reading(readMegatronLog(logFixture("megatron-core_v0.19.log")));
    // Iterations 20–150 (lines 23–38): 14 lines of 10 iterations × 256 samples, at 2010 and
    // 1990 ms alternately: 35,840 samples in 10 × 7 × (2.010 + 1.990) = 280 s = 128 samples/s.
    expect(r.trainingSamplesPerSecond!.perSecond).toBeCloseTo(128, 9);
    expect(r.trainingSamplesPerSecond).toMatchObject({
      per: "job",
      scope: "steady-window",
      line: 23,
    });
    // × seq_length 4096 (argument dump) = 524,288 tokens/s for the 8 GPUs.
    expect(r.trainingTokensPerSecond!.perSecond).toBeCloseTo(524_288, 6);
    expect(r.devices).toEqual({ value: 8, line: 10 });
    // 140 iterations in 280 s.
    expect(r.trainingStepsPerSecond!.perSecond).toBeCloseTo(0.5, 12);
    expect(r.tflopsPerDevice!.perSecond).toBeCloseTo(213.9, 9);
    // Iteration 1 (9.5 s) and 10 (2.6 s per iteration) are warm-up: 9.5 + 9 × 2.6 + 10 × 2.01
    // = 53.0 s from start to iteration 20, 9.5 s of it before the first reading.
    expect(r.trainingSamplesPerSecond!.window).toMatchObject({
      found: true,
      startLine: 23,
      endLine: 38,
    });
    expect(r.trainingSamplesPerSecond!.window!.warmupSeconds).toBeCloseTo(43.5, 3);
    // Largest per view over both ranks' reports, MiB → bytes.
    expect(r.peakMemory).toEqual([
      { bytes: Math.round(41876.12 * MIB), view: "torch-max-allocated", line: 19, rank: 1 },
      { bytes: Math.round(46592 * MIB), view: "torch-max-reserved", line: 22, rank: 1 },
      { bytes: Math.round(49156.25 * MIB), view: "device-used", line: 22, rank: 1 },
    ]);
    expect(r.steps).toEqual({ done: 150, total: 5000, line: 38 });
    expect(allFinite(r)).toBe(true);
  });

  it("reads CRLF lines without timestamps and measures the resumed run", () => {
    const r = reading(readMegatronLog(logFixture("megatron-resume-crlf.log")));
    // Iteration 60 on line 12 follows 70: the resume from the iteration-50 checkpoint.
    expect(r.segments).toMatchObject({ count: 2, used: 1, firstLine: 12, lastLine: 26 });
    expect(r.issues).toEqual([{ line: 12, code: "restart" }]);
    // Iteration 60 (3.1 s each) is warm-up; 70–200: 14 × 10 × 256 samples in 10 × 7 × (2.02 +
    // 1.98) = 280 s → 128 samples/s. No seq_length printed: no token rate.
    expect(r.trainingSamplesPerSecond!.perSecond).toBeCloseTo(128, 9);
    expect(r.trainingTokensPerSecond).toBeNull();
    // The clock is the iteration times added up: 10 × 3.1 s to iteration 60, + 20.2 s to 70.
    expect(r.trainingSamplesPerSecond!.window!.warmupSeconds).toBeCloseTo(20.2, 9);
    expect(r.peakMemory).toEqual([]);
    expect(r.steps).toEqual({ done: 200, total: 1000, line: 26 });
  });
});

describe("Hugging Face trainer_state.json reader", () => {
  it("reads the end-of-run averages and where they are", () => {
    const r = reading(readHfTrainerState(logFixture("hf-trainer-state-final.json")));
    expect(r.steps).toEqual({ done: 100, total: 100, line: 7 });
    expect(r.runSeconds).toEqual({ value: 412.3456, line: 107 });
    expect(r.trainingSamplesPerSecond).toEqual({
      perSecond: 31.042,
      per: "job",
      scope: "whole-run",
      window: null,
      line: 108,
    });
    expect(r.trainingStepsPerSecond).toMatchObject({ perSecond: 0.243, line: 109 });
    // include_tokens_per_second counts this process's tokens: per device.
    expect(r.trainingTokensPerSecond).toMatchObject({
      perSecond: 993.448,
      per: "device",
      line: 110,
    });
  });

  it("gives steps only for a checkpoint's state written mid-run (no end-of-run entry)", () => {
    const r = reading(readHfTrainerState(logFixture("trl-sft-checkpoint-trainer-state.json")));
    expect(r.steps).toMatchObject({ done: 500, total: 1000 });
    expect(r.runSeconds).toBeNull();
    expect(r.trainingSamplesPerSecond).toBeNull();
  });

  it("reads transformers 5.x's job-wide token rate from a checkpoint's logging-step entries", () => {
    const r = reading(readHfTrainerState(logFixture("hf-trainer-5.18-state-checkpoint.json")));
    expect(r.format.versions).toContain("5.17–5.18");
    expect(r.steps).toEqual({ done: 60, total: 100, line: 7 });
    // The step-20/40/60 entries carry train_runtime (the session so far) and a token rate but
    // no samples rate: logging steps, not the end of the run, so no run time or samples.
    expect(r.runSeconds).toBeNull();
    expect(r.trainingSamplesPerSecond).toBeNull();
    // The last one (step 60, line 40): 983,040 tokens gathered over ranks / 140.8 s.
    expect(r.trainingTokensPerSecond).toEqual({
      perSecond: 6981.818,
      per: "job",
      scope: "whole-run",
      window: null,
      line: 40,
    });
  });

  it("refuses a state file cut off while it was written, naming its last line", () => {
    const r = refused(readHfTrainerState(logFixture("hf-trainer-state-truncated.json")));
    expect(r.issues).toEqual([{ line: 60, code: "truncated-json" }]);
  });

  it("refuses JSON that is not a trainer state", () => {
    const r = refused(readHfTrainerState('{"epoch": 1.0}'));
    expect(r.issues).toEqual([{ line: 1, code: "missing-field" }]);
  });
});

describe("Hugging Face Trainer console reader", () => {
  it("reads the steady step rate from tqdm's redraws and scales it by the run's samples per step", () => {
    const r = reading(readHfTrainerConsole(logFixture("hf-trainer-console.log")));
    // Bar points (step @ elapsed s): 0@0, 1@12, 5@26, 10@40, then every 10 steps 20 s later up
    // to 200@420; 10-second readings: 0→1, 1→5, 5→10 are slow (12, 3.5, 2.8 s/step), 10→20 …
    // 190→200 run at 2 s/step: 190 steps / 380 s = 0.5 steps/s. The eval bar (25 batches) and
    // the closing redraw (200@431) fall outside.
    const steps = r.trainingStepsPerSecond!;
    expect(steps.perSecond).toBeCloseTo(0.5, 12);
    expect(steps.window).toMatchObject({ found: true, startLine: 6, endLine: 15, readings: 19 });
    expect(steps.window!.warmupSeconds).toBe(48); // from the 0→1 reading (12 s) to 10→20 (60 s)
    expect(steps.window!.tailSeconds).toBe(11); // 200@420 → 200@431
    // End-of-run dict: 14.848 samples/s ÷ 0.464 steps/s = 32 samples a step → 0.5 × 32 = 16.
    expect(r.trainingSamplesPerSecond!.perSecond).toBeCloseTo(16, 9);
    expect(r.trainingSamplesPerSecond!.scope).toBe("steady-window");
    expect(r.runSeconds).toEqual({ value: 431.0345, line: 18 });
    expect(r.steps).toEqual({ done: 200, total: 200, line: 18 });
  });

  it("falls back to the end-of-run dict when there is no progress bar", () => {
    const text =
      "{'loss': 1.2, 'grad_norm': np.float64(0.9), 'learning_rate': 2e-05, 'epoch': 0.5}\n" +
      "{'train_runtime': 100.0, 'train_samples_per_second': 8.0, 'train_steps_per_second': 0.25, 'train_tokens_per_second': 4096.0, 'train_loss': 1.1, 'epoch': 1.0}\n";
    const r = reading(readHfTrainerConsole(text));
    expect(r.trainingStepsPerSecond).toMatchObject({
      perSecond: 0.25,
      scope: "whole-run",
      line: 2,
    });
    expect(r.trainingSamplesPerSecond).toMatchObject({ perSecond: 8, scope: "whole-run" });
    expect(r.trainingTokensPerSecond).toMatchObject({ perSecond: 4096, per: "device" });
    expect(r.runSeconds).toEqual({ value: 100, line: 2 });
  });
});

describe("Hugging Face Trainer console reader, transformers 5.x", () => {
  it("reads the dicts 5.x prints with its floats quoted to 4 significant digits", () => {
    const r = reading(readHfTrainerConsole(logFixture("hf-trainer-5.18-console.log")));
    // Bar points: 0@0, 1@12, 5@26, 10@40 (line 5), then every 10 steps 20 s later up to 100@220
    // (line 9): 90 steps / 180 s = 0.5 steps/s after the slow start.
    const steps = r.trainingStepsPerSecond!;
    expect(steps.perSecond).toBeCloseTo(0.5, 12);
    expect(steps.scope).toBe("steady-window");
    // End-of-run dict (line 10): '14.44' samples/s ÷ '0.4513' steps/s samples a step.
    expect(r.trainingSamplesPerSecond!.perSecond).toBeCloseTo(0.5 * (14.44 / 0.4513), 9);
    expect(r.runSeconds).toEqual({ value: 221.6, line: 10 });
    expect(r.steps).toEqual({ done: 100, total: 100, line: 10 });
    // No token rate at the end in 5.x; the step-100 dict (line 9) has 'train_tokens_per_second':
    // '7420', counted over all ranks.
    expect(r.trainingTokensPerSecond).toEqual({
      perSecond: 7420,
      per: "job",
      scope: "whole-run",
      window: null,
      line: 9,
    });
  });

  it("reads quoted 4-significant-digit floats, exponents included, and bare integers", () => {
    const v = dictNumbers(
      "{'train_runtime': '1.235e+04', 'train_steps_per_second': '0.0081', 'epoch': '1', 'num_input_tokens_seen': 1638400}",
    );
    expect([...v]).toEqual([
      ["train_runtime", 12350],
      ["train_steps_per_second", 0.0081],
      ["epoch", 1],
      ["num_input_tokens_seen", 1638400],
    ]);
  });
});

describe("LLaMA-Factory trainer_log.jsonl reader", () => {
  it("measures steps and tokens from counter differences, leaving a stall out", () => {
    const r = reading(readLlamaFactoryLog(logFixture("llamafactory-0.9.5-trainer_log.jsonl")));
    // Steps 10→100 at 2.4 s/step, but 50→55 took 312 s (a 300 s stall: 5 steps / 312 s = 3.8 %
    // of the rate, below the 10 % idle line) and is left out: 85 steps in (563 − 47) − 312 =
    // 204 s = 5/12 steps/s. The first reading, 5→10 (5 steps in 16 s), is warm-up.
    const steps = r.trainingStepsPerSecond!;
    expect(steps.perSecond).toBeCloseTo(85 / 204, 12);
    expect(steps.window).toMatchObject({
      found: true,
      startLine: 3,
      endLine: 20,
      readings: 18,
      pausedReadings: 1,
      pausedSeconds: 312,
      warmupSeconds: 12,
    });
    // total_tokens grows 16,384 a step: 85 × 16,384 / 204 = 6,826.67 tokens/s for the job.
    expect(r.trainingTokensPerSecond!.perSecond).toBeCloseTo((85 * 16384) / 204, 9);
    expect(r.trainingTokensPerSecond!.per).toBe("job");
    // vram_reserved peaks at 47.88 GiB (line 11 first), vram_allocated at 41.2 (line 2 first).
    expect(r.peakMemory).toEqual([
      { bytes: Math.round(47.88 * GIB), view: "torch-max-reserved", line: 11, rank: null },
      { bytes: Math.round(41.2 * GIB), view: "torch-max-allocated", line: 2, rank: null },
    ]);
    expect(r.runSeconds).toEqual({ value: 563, line: 20 }); // "0:09:23"
    expect(r.steps).toEqual({ done: 100, total: 100, line: 20 });
  });

  it("measures the resumed run and notes the line cut off at the end", () => {
    const r = reading(readLlamaFactoryLog(logFixture("llamafactory-0.9.4-resume-cut.jsonl")));
    expect(r.segments).toMatchObject({ count: 2, used: 1, firstLine: 7, lastLine: 21 });
    expect(r.issues).toEqual([
      { line: 22, code: "partial-last-line" },
      { line: 7, code: "restart" },
    ]);
    // Resumed: step 25 at 0:00:30, then 3 s a step to 95 at 0:03:53: 70 steps / 203 s.
    expect(r.trainingStepsPerSecond!.perSecond).toBeCloseTo(70 / 203, 12);
    expect(r.trainingTokensPerSecond).toBeNull();
    expect(r.steps).toEqual({ done: 95, total: 100, line: 21 });
  });

  it("refuses a file with no JSON line, naming the first", () => {
    const r = refused(readLlamaFactoryLog("current_steps,loss\n5,1.8\n"));
    expect(r.issues).toEqual([{ line: 1, code: "invalid-json" }]);
  });
});
