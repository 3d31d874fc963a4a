/**
 * Hugging Face Trainer's `trainer_state.json` (also written by TRL's trainers and by
 * LLaMA-Factory, which train through Trainer). Read from `src/transformers/trainer_callback.py`
 * (`TrainerState`, `save_to_json`: indent 2, sorted keys), `trainer_utils.py` (`speed_metrics`)
 * and `trainer.py` (`Trainer.log`, `_maybe_log_save_evaluate`, `_finalize_training`) in the two
 * newest releases, v5.17.0 and v5.18.0 (read from their PyPI wheels; the repository is too
 * large to fetch here, so no commit is named), where these are the same, and in 4.x at 55093b7
 * (trainer_callback.py) and c599e98 (trainer_utils.py).
 *
 * `log_history` holds one entry per logging step ({loss, grad_norm, learning_rate, epoch,
 * step}, plus num_input_tokens_seen with include_num_input_tokens_seen, and TRL's SFT adds
 * num_tokens) and, at the end of training, one entry with train_runtime (seconds, rounded to
 * 4 places), train_samples_per_second and train_steps_per_second (3 places; samples counted
 * for the whole job), train_loss and total_flos. 4.x adds train_tokens_per_second there with
 * include_tokens_per_second (tokens counted from this process's dataloader, so per device).
 * 5.x has no include_tokens_per_second; with include_num_input_tokens_seen each logging step's
 * entry carries train_runtime and train_tokens_per_second since this session started, over
 * num_input_tokens_seen gathered from every rank (so the job's), and the end-of-run entry has
 * no token rate. An entry with a token rate and no samples rate is such a logging step, not the
 * end of the run. The entries carry no time, so the file gives whole-run averages (warm-up
 * included) and nothing steadier; the console log of the same run gives the steady rate.
 */
import { isObject, lineOfKey, parseJson } from "./json-text.ts";
import { countLines } from "./log-lines.ts";
import { blankReading, checkText, createIssues, num, refusal, wholeText } from "./reading.ts";
import type { LogFormat, LogReadResult, Rate } from "./types.ts";

export const HF_TRAINER_STATE_FORMAT: LogFormat = {
  id: "hf-trainer-state",
  name: "Hugging Face Trainer trainer_state.json",
  versions: "transformers 5.17–5.18 and 4.x (TRL, LLaMA-Factory)",
};

/** Read a `trainer_state.json`. */
export function readHfTrainerState(text: string): LogReadResult {
  const refused = checkText(text, HF_TRAINER_STATE_FORMAT);
  if (refused) return refused;
  const parsed = parseJson(text);
  if (!parsed.ok) return refusal(HF_TRAINER_STATE_FORMAT, parsed.line, parsed.code);
  const state = parsed.value;
  if (!isObject(state) || !Array.isArray(state["log_history"]))
    return refusal(HF_TRAINER_STATE_FORMAT, 1, "missing-field");
  const history = state["log_history"].filter(isObject);
  const globalStep = num(state["global_step"]);
  // 5.x's logging-step entries (include_num_input_tokens_seen): a token rate, no samples rate.
  const isProgress = (e: Record<string, unknown>): boolean =>
    num(e["train_tokens_per_second"]) !== null && num(e["train_samples_per_second"]) === null;
  const end = history.findLast((e) => num(e["train_runtime"]) !== null && !isProgress(e));
  const progress = history.findLast(isProgress);
  if (globalStep === null && end === undefined && progress === undefined)
    return refusal(HF_TRAINER_STATE_FORMAT, lineOfKey(text, "log_history"), "no-readings");

  const issues = createIssues();
  const r = blankReading(
    HF_TRAINER_STATE_FORMAT,
    "training",
    countLines(text),
    issues,
    wholeText(text),
  );
  if (globalStep !== null)
    r.steps = {
      done: globalStep,
      total: num(state["max_steps"]),
      line: lineOfKey(text, "global_step"),
    };
  if (!end) {
    // Cut mid-run in 5.x: the job's tokens/s since the session started, to the last log.
    const tokens = progress ? num(progress["train_tokens_per_second"]) : null;
    if (tokens !== null)
      r.trainingTokensPerSecond = {
        perSecond: tokens,
        per: "job",
        scope: "whole-run",
        window: null,
        line: lineOfKey(text, "train_tokens_per_second"),
      };
    return r;
  }
  const runtime = num(end["train_runtime"]) as number;
  r.runSeconds = { value: runtime, line: lineOfKey(text, "train_runtime") };
  const whole = (key: string, per: Rate["per"]): Rate | null => {
    const v = num(end[key]);
    return v === null
      ? null
      : { perSecond: v, per, scope: "whole-run", window: null, line: lineOfKey(text, key) };
  };
  r.trainingSamplesPerSecond = whole("train_samples_per_second", "job");
  r.trainingStepsPerSecond = whole("train_steps_per_second", "job");
  r.trainingTokensPerSecond = whole("train_tokens_per_second", "device");
  if (!r.trainingTokensPerSecond && runtime > 0) {
    // Without include_tokens_per_second, the last count of tokens seen over the run time (a
    // job-wide count: Trainer gathers num_input_tokens_seen, TRL sums num_tokens over ranks).
    for (const key of ["num_input_tokens_seen", "num_tokens"]) {
      const last = history.findLast((e) => num(e[key]) !== null);
      const tokens = last ? num(last[key]) : null;
      if (tokens !== null && tokens > 0) {
        r.trainingTokensPerSecond = {
          perSecond: tokens / runtime,
          per: "job",
          scope: "whole-run",
          window: null,
          line: lineOfKey(text, key),
        };
        break;
      }
    }
  }
  return r;
}
