/**
 * `npm run -s estimate -- FILE` (or `-` for stdin): one JSON request in, one JSON result out,
 * through the same task code the calculators run (`estimate.ts`). A bad request exits 1 and
 * prints every issue at once as `field: message` lines on stderr; no argument or an
 * unreadable file exits 2.
 */
import { readFileSync } from "node:fs";
import { estimate } from "./estimate.ts";

function usageError(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(2);
}

const arg = process.argv[2];
if (!arg) usageError("usage: npm run -s estimate -- FILE   (or - for standard input)");
let text = "";
try {
  text = readFileSync(arg === "-" ? 0 : arg, "utf8");
} catch (e) {
  usageError(`cannot read ${arg}: ${(e as Error).message}`);
}
const run = estimate(text);
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
process.exitCode = run.code;
