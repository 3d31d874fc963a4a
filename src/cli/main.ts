/**
 * `npm run -s estimate -- FILE` (or `-` for stdin): one JSON request in, one JSON result out,
 * through the same task code the calculators run (`estimate.ts`). A bad request exits 1 and
 * prints every issue at once as `field: message` lines on stderr; no argument or an
 * unreadable file exits 2.
 *
 * The process is never ended with `process.exit`: on a pipe Node writes asynchronously, and
 * exiting drops whatever the pipe has not taken yet (37 MB of issues arrived as 75 kB). The
 * status goes to `process.exitCode`, and Node exits once every write has drained.
 */
import { readFileSync } from "node:fs";
import { estimate } from "./estimate.ts";

function run(arg: string | undefined): void {
  if (!arg) {
    process.stderr.write("usage: npm run -s estimate -- FILE   (or - for standard input)\n");
    process.exitCode = 2;
    return;
  }
  let text: string;
  try {
    text = readFileSync(arg === "-" ? 0 : arg, "utf8");
  } catch (e) {
    process.stderr.write(`cannot read ${arg}: ${(e as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  const out = estimate(text);
  process.stdout.write(out.stdout);
  process.stderr.write(out.stderr);
  process.exitCode = out.code;
}

run(process.argv[2]);
