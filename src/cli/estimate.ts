/**
 * What `npm run -s estimate` does with one request's text, as a value: the text it writes
 * to stdout and stderr and the status it exits with. `main.ts` reads the file or standard
 * input and hands this to the process; tests call it directly.
 */
import type { ExchangeRate, ReferencePrice } from "../estimate/index.ts";
import { PRESETS, runRequest } from "../estimate/index.ts";
import { loadGpuSpecs } from "../catalog/load.ts";
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { tr } from "../i18n/format.ts";
import { issueText, warningText } from "../i18n/messages.ts";
import { loadExchangeRates, loadReferencePrices } from "../prices/load.ts";
import { ENGLISH } from "./english.ts";
import { withLog } from "./log-request.ts";

export interface CliRun {
  /** 0: a result on stdout; 1: the request's issues on stderr, one `field: message` a line. */
  code: 0 | 1;
  stdout: string;
  stderr: string;
}

/** A data file that fails its schema leaves the request to run without it, and says so. */
function loadOrWarn<T>(what: string, load: () => T[], warnings: string[]): T[] {
  try {
    return load();
  } catch (e) {
    warnings.push(`warning: ${what} not loaded (${(e as Error).message.split("\n")[0]})\n`);
    return [];
  }
}

/** A log to rank on (`--log`), by its name and its text. */
export interface CliLog {
  name: string;
  text: string;
}

export function estimate(text: string, log?: CliLog): CliRun {
  const warnings: string[] = [];
  const fail = (lines: string[]): CliRun => ({
    code: 1,
    stdout: "",
    stderr: warnings.join("") + lines.map((l) => `${l}\n`).join(""),
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail([`request: not valid JSON (${(e as Error).message})`]);
  }
  if (log) {
    const merged = withLog(json, log.name, log.text);
    if (!merged.ok) return fail(merged.lines);
    json = merged.request;
    warnings.push(`${merged.note}\n`);
  }
  const outcome = runRequest(json, {
    gpus: loadOrWarn<GpuSpec>("GPU catalog", loadGpuSpecs, warnings),
    presets: PRESETS,
    prices: loadOrWarn<ReferencePrice>("reference prices", loadReferencePrices, warnings),
    rates: loadOrWarn<ExchangeRate>("exchange rates", loadExchangeRates, warnings),
  });
  if (!outcome.ok)
    return fail(outcome.issues.map((i) => `${i.field}: ${issueText("en", ENGLISH, i)}`));
  const { result } = outcome;
  const messages = result.warnings.map((w) => warningText("en", ENGLISH, w));
  // Each assumption's source in words, beside its code.
  const assumptions = result.assumptions.map((a) => ({
    ...a,
    sourceText: tr(ENGLISH, `src.${a.source}`, a.sourceParams),
  }));
  const out = {
    task: outcome.task,
    ...result,
    assumptions,
    ...(messages.length ? { messages } : {}),
  };
  return { code: 0, stdout: `${JSON.stringify(out, null, 2)}\n`, stderr: warnings.join("") };
}
