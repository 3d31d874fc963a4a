/**
 * A Hugging Face Trainer run's console (also TRL and LLaMA-Factory, which print through it):
 * the tqdm progress bar and the dicts `ProgressCallback.on_log` prints. Read from
 * `src/transformers/trainer_callback.py` (`ProgressCallback`: `tqdm(total=state.max_steps)`,
 * `training_bar.write(str(logs))` with total_flos dropped), `trainer_utils.py`
 * (`speed_metrics`) and `trainer.py` (`Trainer.log`, `_finalize_training`) in the two newest
 * releases, v5.17.0 and v5.18.0 (read from their PyPI wheels; the repository is too large to
 * fetch here, so no commit is named), where these are the same, and in 4.x at 55093b7
 * (trainer_callback.py) and c599e98 (trainer_utils.py); with tqdm's default bar (`{l_bar}{bar}|
 * {n}/{total} [{elapsed}<{remaining}, {rate}]`, redrawn with "\r"):
 *
 *    45%|████▌     | 450/1000 [10:23<12:41,  1.38s/it]
 *   {'loss': '1.234', 'grad_norm': '0.87', 'learning_rate': '1.9e-05', 'epoch': '0.45'}
 *   {'train_runtime': '1380', 'train_samples_per_second': '23.18', 'train_steps_per_second':
 *    '0.725', 'train_loss': '1.41', 'epoch': '1'}
 *
 * (the last on one line). 5.x prints every float as a string of 4 significant digits
 * (`f"{v:.4g}"`, so '1.235e+04' for 12,345.6 s) and integers bare; 4.x printed the floats
 * themselves (`{'loss': 1.2345, …}`), as np.float64(…) or tensor(…) depending on the versions
 * of numpy and torch. 5.x has no include_tokens_per_second: with include_num_input_tokens_seen
 * every logging step's dict carries num_input_tokens_seen, train_runtime and
 * train_tokens_per_second (tokens gathered over all ranks, so the job's, since this session
 * started), and the end-of-run dict (train_samples_per_second, train_steps_per_second) has no
 * token rate; 4.x's end-of-run train_tokens_per_second counted one process's tokens (per
 * device). The bar's step count against its elapsed time gives the steady step rate; the
 * end-of-run dict gives samples (and, in 4.x, tokens) per step, so steps become samples.
 * Evaluation prints bars of its own (another total, restarting from zero); the training bar is
 * the one that runs longest.
 */
import { parseDurationSeconds } from "./log-clock.ts";
import { forEachLine } from "./log-lines.ts";
import {
  blankReading,
  checkText,
  createIssues,
  pickSegment,
  refusal,
  segmentsOf,
} from "./reading.ts";
import type { SegmentSpan } from "./reading.ts";
import { counterReadings, fitSteadyRate } from "./steady-rate.ts";
import type { CounterPoint } from "./steady-rate.ts";
import type { LogFormat, LogReadResult, Rate } from "./types.ts";

export const HF_TRAINER_CONSOLE_FORMAT: LogFormat = {
  id: "hf-trainer-console",
  name: "Hugging Face Trainer console output",
  versions: "transformers 5.17–5.18 and 4.x, with tqdm 4 (TRL, LLaMA-Factory)",
};

const BAR_RE = /\|\s*(\d+)\/(\d+)\s*\[([^<\]]+)<[^,\]]*,[^\]]*\]/;
const PAIR_RE =
  /'([A-Za-z0-9_/.-]+)':\s*(?:np\.float(?:16|32|64)\(|tensor\(|')?\s*(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;

interface BarSegment extends SegmentSpan {
  total: number;
  points: CounterPoint[];
  /** Elapsed seconds from the first to the last point. */
  spanSeconds: number;
}

/** The `'key': number` pairs of a printed dict (5.x quotes its floats: `'key': '1.234'`). */
export function dictNumbers(t: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of t.matchAll(PAIR_RE)) {
    const v = Number(m[2]);
    if (Number.isFinite(v)) out.set(m[1] as string, v);
  }
  return out;
}

/** A 5.x logging-step dict: train_runtime and a token rate, but no end-of-run samples rate. */
export function isProgressDict(values: Map<string, number>): boolean {
  return values.has("train_tokens_per_second") && !values.has("train_samples_per_second");
}

/** The lines this reader looks at (`forEachLine` skips the rest without copying them). */
const CONSOLE_MARKERS = ["'train_runtime'", "|"];

/** Read a Trainer console log. */
export function readHfTrainerConsole(text: string): LogReadResult {
  const refused = checkText(text, HF_TRAINER_CONSOLE_FORMAT);
  if (refused) return refused;
  const issues = createIssues();
  const bars: BarSegment[] = [];
  const open = new Map<number, BarSegment>();
  // Set inside the line callback, so kept on an object (a `let` would stay narrowed to null).
  const found: {
    final: { values: Map<string, number>; line: number } | null;
    progress: { values: Map<string, number>; line: number } | null;
  } = { final: null, progress: null };

  const lineCount = forEachLine(
    text,
    ({ text: t, line, unterminated }) => {
      if (t.includes("'train_runtime'")) {
        const values = dictNumbers(t);
        if (!values.has("train_runtime")) issues.unreadable(line, unterminated);
        // 5.x's logging-step dict (include_num_input_tokens_seen): a token rate, no samples.
        else if (isProgressDict(values)) found.progress = { values, line };
        else found.final = { values, line };
        return;
      }
      if (!t.includes("/") || !t.includes("|") || !t.includes("[")) return;
      const m = BAR_RE.exec(t);
      if (!m) return;
      const n = Number(m[1]);
      const total = Number(m[2]);
      const elapsed = parseDurationSeconds(m[3] as string);
      if (elapsed === null || total <= 0) return issues.unreadable(line, unterminated);
      let seg = open.get(total);
      const prev = seg?.points[seg.points.length - 1];
      if (!seg || (prev && (n < prev.count || elapsed < prev.tSeconds))) {
        seg = { firstLine: line, lastLine: line, readings: 0, total, points: [], spanSeconds: 0 };
        open.set(total, seg);
        bars.push(seg);
      }
      // A redraw at the same step adds nothing; keep the latest time for that count.
      if (prev && prev.count === n && seg.points.length > 1 && prev.tSeconds === elapsed) return;
      seg.points.push({ line, tSeconds: elapsed, count: n });
      seg.readings = seg.points.length;
      seg.lastLine = line;
      seg.spanSeconds = elapsed - (seg.points[0] as CounterPoint).tSeconds;
    },
    (line) => issues.add(line, "line-too-long"),
    CONSOLE_MARKERS,
  );

  // The training bar: the longest-running bar segment (ties: the later one). Segments of other
  // totals are evaluation bars; segments of the same total before or after are restarts.
  const spans: SegmentSpan[] = bars.map((b) => ({ ...b, readings: Math.round(b.spanSeconds) + 1 }));
  const used = pickSegment(spans);
  const end = found.final;
  const progress = found.progress;
  if (used === -1 && end === null && progress === null)
    return refusal(HF_TRAINER_CONSOLE_FORMAT, Math.max(1, lineCount), "no-readings");
  const training =
    used === -1 ? [] : bars.filter((b) => b.total === (bars[used] as BarSegment).total);
  for (const b of training.slice(1)) issues.add(b.firstLine, "restart");
  const r = blankReading(
    HF_TRAINER_CONSOLE_FORMAT,
    "training",
    lineCount,
    issues,
    used === -1
      ? { count: 1, used: 0, firstLine: 1, lastLine: lineCount }
      : segmentsOf(training, training.indexOf(bars[used] as BarSegment)),
  );
  const perStep = (key: string): number | null => {
    const v = end?.values.get(key);
    const steps = end?.values.get("train_steps_per_second");
    return v !== undefined && steps !== undefined && steps > 0 ? v / steps : null;
  };
  if (used !== -1) {
    const bar = bars[used] as BarSegment;
    const fit = fitSteadyRate(counterReadings(bar.points));
    if (fit) {
      const steady = (factor: number, per: Rate["per"]): Rate => ({
        perSecond: fit.perSecond * factor,
        per,
        scope: fit.window.found ? "steady-window" : "all-readings",
        window: fit.window,
        line: fit.window.startLine,
      });
      r.trainingStepsPerSecond = steady(1, "job");
      const samplesPerStep = perStep("train_samples_per_second");
      if (samplesPerStep !== null) r.trainingSamplesPerSecond = steady(samplesPerStep, "job");
      const tokensPerStep = perStep("train_tokens_per_second");
      if (tokensPerStep !== null) r.trainingTokensPerSecond = steady(tokensPerStep, "device");
    }
    const last = bar.points[bar.points.length - 1] as CounterPoint;
    r.steps = { done: last.count, total: bar.total, line: last.line };
  }
  if (end) {
    const whole = (key: string, per: Rate["per"]): Rate | null => {
      const v = end.values.get(key);
      return v === undefined
        ? null
        : { perSecond: v, per, scope: "whole-run", window: null, line: end.line };
    };
    r.runSeconds = { value: end.values.get("train_runtime") as number, line: end.line };
    r.trainingStepsPerSecond ??= whole("train_steps_per_second", "job");
    r.trainingSamplesPerSecond ??= whole("train_samples_per_second", "job");
    r.trainingTokensPerSecond ??= whole("train_tokens_per_second", "device");
  }
  const tokens = progress?.values.get("train_tokens_per_second");
  if (progress && tokens !== undefined)
    // 5.x: tokens of all ranks since the session started, up to the last logging step.
    r.trainingTokensPerSecond ??= {
      perSecond: tokens,
      per: "job",
      scope: "whole-run",
      window: null,
      line: progress.line,
    };
  return r;
}
