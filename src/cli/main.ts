/**
 * `npm run -s estimate -- FILE` (or `-` for stdin): one JSON request in, one JSON result out,
 * through the same task code the calculators run. A bad request exits 1 and prints every
 * issue at once as `field: message` lines on stderr.
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

function fail(lines: string[], code = 1): never {
  for (const l of lines) process.stderr.write(`${l}\n`);
  process.exit(code);
}

function readInput(arg: string | undefined): string {
  if (!arg) fail(["usage: npm run -s estimate -- FILE   (or - for standard input)"], 2);
  try {
    return readFileSync(arg === "-" ? 0 : arg, "utf8");
  } catch (e) {
    return fail([`cannot read ${arg}: ${(e as Error).message}`], 2);
  }
}

/** A data file that fails its schema leaves the request to run without it, and says so. */
function loadOrWarn<T>(what: string, load: () => T[]): T[] {
  try {
    return load();
  } catch (e) {
    process.stderr.write(`warning: ${what} not loaded (${(e as Error).message.split("\n")[0]})\n`);
    return [];
  }
}

const text = readInput(process.argv[2]);
let json: unknown;
try {
  json = JSON.parse(text);
} catch (e) {
  fail([`request: not valid JSON (${(e as Error).message})`]);
}
const outcome = runRequest(json, {
  gpus: loadOrWarn<GpuSpec>("GPU catalog", loadGpuSpecs),
  presets: PRESETS,
  prices: loadOrWarn<ReferencePrice>("reference prices", loadReferencePrices),
});
if (!outcome.ok) fail(outcome.issues.map((i) => `${i.field}: ${issueText("en", ENGLISH, i)}`));
const { result } = outcome;
const messages = result.warnings.map((w) => warningText("en", ENGLISH, w));
// Each assumption's source in words, beside its code.
const assumptions = result.assumptions.map((a) => ({
  ...a,
  sourceText: tr(ENGLISH, `src.${a.source}`, a.sourceParams),
}));
process.stdout.write(
  `${JSON.stringify({ task: outcome.task, ...result, assumptions, ...(messages.length ? { messages } : {}) }, null, 2)}\n`,
);
