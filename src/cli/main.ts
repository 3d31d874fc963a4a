/**
 * `npm run -s estimate -- FILE` (or `-` for stdin): one JSON request in, one JSON result out,
 * through the same task code the calculators run (`estimate.ts`). `--log LOG` ranks a plan
 * on a trainer's or server's log, as the run analyzer does (`log-request.ts`). A bad request exits 1 and
 * prints every issue at once as `field: message` lines on stderr; no argument or an
 * unreadable file exits 2.
 *
 * The process is never ended with `process.exit`: on a pipe Node writes asynchronously, and
 * exiting drops whatever the pipe has not taken yet (37 MB of issues arrived as 75 kB). The
 * status goes to `process.exitCode`, and Node exits once every write has drained.
 */
import { readFileSync } from "node:fs";
import { estimate } from "./estimate.ts";

const USAGE =
  "usage: npm run -s estimate -- FILE [--log LOG]   (FILE or LOG may be - for standard input)\n";

/** Reads a file, or standard input for "-"; null (and says why) when it cannot. */
function readArg(arg: string): string | null {
  try {
    return readFileSync(arg === "-" ? 0 : arg, "utf8");
  } catch (e) {
    process.stderr.write(`cannot read ${arg}: ${(e as Error).message}\n`);
    return null;
  }
}

function run(args: string[]): void {
  const at = args.indexOf("--log");
  const logArg = at === -1 ? undefined : args[at + 1];
  const rest = at === -1 ? args : args.filter((_, i) => i !== at && i !== at + 1);
  const arg = rest[0];
  if (!arg || rest.length > 1 || (at !== -1 && !logArg) || (arg === "-" && logArg === "-")) {
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  const text = readArg(arg);
  const logText = logArg === undefined ? undefined : readArg(logArg);
  if (text === null || logText === null) {
    process.exitCode = 2;
    return;
  }
  const out = estimate(
    text,
    logArg === undefined || logText === undefined ? undefined : { name: logArg, text: logText },
  );
  process.stdout.write(out.stdout);
  process.stderr.write(out.stderr);
  process.exitCode = out.code;
}

run(process.argv.slice(2));
