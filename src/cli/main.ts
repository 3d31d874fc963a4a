/**
 * `npm run -s estimate -- FILE` (or `-` for stdin): one JSON request in, one JSON result out.
 * A bad request exits 1 with "field: message" lines on stderr.
 */
import { readFileSync } from "node:fs";
import { loadGpuSpecs } from "../catalog/load.ts";
import type { GpuSpec } from "../estimate/gpu.ts";
import { parseRequest } from "../estimate/request.ts";
import { RequestFailure, runRequest } from "../estimate/run.ts";
import { formatWarning } from "./messages-en.ts";
import type { Warning } from "../estimate/result.ts";

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

function loadCatalog(): GpuSpec[] {
  try {
    return loadGpuSpecs();
  } catch (e) {
    process.stderr.write(
      `warning: GPU catalog not loaded (${(e as Error).message.split("\n")[0]})\n`,
    );
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
const parsed = parseRequest(json);
if (!parsed.ok) fail(parsed.errors.map((e) => `${e.field}: ${e.message}`));
try {
  const result = runRequest(parsed.request, loadCatalog()) as { warnings?: Warning[] };
  const messages = (result.warnings ?? []).map(formatWarning);
  process.stdout.write(
    `${JSON.stringify(messages.length ? { ...result, messages } : result, null, 2)}\n`,
  );
} catch (e) {
  if (e instanceof RequestFailure) fail(e.errors.map((x) => `${x.field}: ${x.message}`));
  throw e;
}
