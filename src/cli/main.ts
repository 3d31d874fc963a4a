/**
 * `npm run -s estimate -- FILE` (or `-` for stdin): one JSON request in, one JSON result out,
 * through the same task code the calculators run. A bad request exits 1 and prints every
 * issue at once as `field: message` lines on stderr.
 *
 * The process is never ended with `process.exit`: on a pipe Node writes asynchronously, and
 * exiting drops whatever the pipe has not taken yet (37 MB of issues arrived as 75 kB). The
 * status goes to `process.exitCode`, and Node exits once every write has drained.
 */
import { readFileSync } from "node:fs";
import { loadGpuSpecs } from "../catalog/load.ts";
import type { GpuSpec } from "../estimate/gpu.ts";
import { PRESETS } from "../estimate/presets.ts";
import type { ReferencePrice } from "../estimate/price.ts";
import { runRequest } from "../estimate/tasks/registry.ts";
import { ENGLISH } from "./english.ts";
import { tr } from "../i18n/format.ts";
import { issueText, warningText } from "../i18n/messages.ts";
import { loadReferencePrices } from "../prices/load.ts";

/** What the command prints and the status it ends with. */
interface Exit {
  code: number;
  stdout?: string;
  stderr?: string;
}

const failure = (lines: readonly string[], code = 1): Exit => ({
  code,
  stderr: lines.map((l) => `${l}\n`).join(""),
});

function readInput(arg: string | undefined): string | Exit {
  if (!arg) return failure(["usage: npm run -s estimate -- FILE   (or - for standard input)"], 2);
  try {
    return readFileSync(arg === "-" ? 0 : arg, "utf8");
  } catch (e) {
    return failure([`cannot read ${arg}: ${(e as Error).message}`], 2);
  }
}

/** A data file that fails its schema leaves the request to run without it, and says so. */
function loadOrWarn<T>(what: string, load: () => T[], warnings: string[]): T[] {
  try {
    return load();
  } catch (e) {
    warnings.push(`warning: ${what} not loaded (${(e as Error).message.split("\n")[0]})`);
    return [];
  }
}

function estimate(arg: string | undefined): Exit {
  const text = readInput(arg);
  if (typeof text !== "string") return text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return failure([`request: not valid JSON (${(e as Error).message})`]);
  }
  const warnings: string[] = [];
  const outcome = runRequest(json, {
    gpus: loadOrWarn<GpuSpec>("GPU catalog", loadGpuSpecs, warnings),
    presets: PRESETS,
    prices: loadOrWarn<ReferencePrice>("reference prices", loadReferencePrices, warnings),
  });
  if (!outcome.ok)
    return failure([
      ...warnings,
      ...outcome.issues.map((i) => `${i.field}: ${issueText("en", ENGLISH, i)}`),
    ]);
  const { result } = outcome;
  const messages = result.warnings.map((w) => warningText("en", ENGLISH, w));
  // Each assumption's source in words, beside its code.
  const assumptions = result.assumptions.map((a) => ({
    ...a,
    sourceText: tr(ENGLISH, `src.${a.source}`, a.sourceParams),
  }));
  const shown = {
    task: outcome.task,
    ...result,
    assumptions,
    ...(messages.length ? { messages } : {}),
  };
  return {
    code: 0,
    stdout: `${JSON.stringify(shown, null, 2)}\n`,
    ...(warnings.length ? { stderr: warnings.map((w) => `${w}\n`).join("") } : {}),
  };
}

const exit = estimate(process.argv[2]);
if (exit.stderr) process.stderr.write(exit.stderr);
if (exit.stdout) process.stdout.write(exit.stdout);
process.exitCode = exit.code;
