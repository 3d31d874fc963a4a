/**
 * `--log FILE`: a trainer's or server's log as a plan's measured basis, as the run analyzer
 * makes it: the same reader (`readRunLog`, format recognised), the same measure and the same
 * `measured` figures (`run-log/readers/measure.ts`), merged into the plan request, which
 * names the catalog GPU the run used (`measured.gpu`) and how many (`measured.gpus`).
 */
import { readRunLog } from "../run-log/readers/index.ts";
import { isObject } from "../run-log/readers/json-text.ts";
import { basisPeakBytes, logMeasure, measuredSpeed } from "../run-log/readers/measure.ts";
import { TRAINING_FIELDS } from "../estimate/memory/training-fields.ts";
import { analyzerStrings } from "../i18n/analyzer.ts";
import { num, tr } from "../i18n/format.ts";

const A = analyzerStrings("en");

/** What the plan's workload is, in the log readers' words. */
const LOG_KIND: Record<string, "training" | "serving"> = {
  "train-memory": "training",
  serve: "serving",
};

export type LogMerge =
  { ok: true; request: Record<string, unknown>; note: string } | { ok: false; lines: string[] };

export function withLog(request: unknown, name: string, text: string): LogMerge {
  const fail = (...lines: string[]): LogMerge => ({ ok: false, lines });
  if (!isObject(request) || request["task"] !== "plan")
    return fail(`log: --log takes a plan request (task "plan") to rank on the log`);
  const workload = isObject(request["workload"]) ? request["workload"] : {};
  const kind = LOG_KIND[String(workload["task"])];
  if (!kind) return fail(`log: a log is a basis for a training or a serving workload`);
  const given = isObject(request["measured"]) ? request["measured"] : {};
  const gpu = given["gpu"];
  if (typeof gpu !== "string")
    return fail("measured.gpu: name the catalog GPU the log's run used (the log cannot)");
  // A count the checker refuses is named by it; here it only divides a job-wide rate.
  const gpus = typeof given["gpus"] === "number" && given["gpus"] >= 1 ? given["gpus"] : 1;
  const read = readRunLog(text);
  if (!read.ok) {
    const first = read.issues[0];
    return fail(
      `log: ${tr(A, "load.log-refused", {
        format: read.format ? tr(A, `fmt.${read.format.id}`) : tr(A, "fmt.unknown"),
        line: num("en", first?.line ?? 1, 0),
        why: tr(A, `logIssue.${first?.code ?? "unrecognised-format"}`),
      })}`,
    );
  }
  const format = tr(A, `fmt.${read.format.id}`);
  if (read.workload !== kind)
    return fail(`log: ${name} reads as ${format}, which cannot be the basis of a ${kind} plan`);
  const seqLen =
    typeof workload["seqLen"] === "number" ? workload["seqLen"] : TRAINING_FIELDS.seqLen.default;
  const m = logMeasure(read, gpus, seqLen);
  const speed = measuredSpeed(m, gpu, gpus);
  if ("needs" in speed) return fail(`log: ${tr(A, `lg.needs.${speed.needs}`)}`);
  const peakBytes = basisPeakBytes(m);
  return {
    ok: true,
    request: {
      ...request,
      measured: { ...given, ...speed.measured, ...(peakBytes === null ? {} : { peakBytes }) },
    },
    note: `log: ${name} read as ${format}`,
  };
}
