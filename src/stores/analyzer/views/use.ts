/** The "Use these measurements" section: how the hours are worked out, and what was saved. */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import { BYTES_PER_GB } from "../../../estimate/units.ts";
import type { LoadedRun } from "../../../workers/analyzer/protocol.ts";
import type { UseStatus } from "../use.ts";

export interface UseView {
  explain: string;
  /** What was saved and refused; "" before the button is pressed. */
  status: string;
  /** The sentence after the status, around its two links. */
  next: { before: string; between: string; after: string; costHref: string; fitHref: string };
}

function statusText(s: UseStatus, t: Strings, lang: string): string {
  if (s.kind === "failed") return tr(t, "use.failed");
  const fields = (list: string[]) => list.map((f) => t[`mfield.${f}`] ?? f).join(", ");
  if (s.kind === "nothing") return tr(t, "use.nothing", { fields: fields(s.fields) });
  return [
    tr(t, "use.saved", {
      peak: num(lang, s.peakBytes / BYTES_PER_GB, 1),
      rec: num(lang, s.rentGB, 1),
    }),
    s.refused.length > 0 ? tr(t, "use.refused", { fields: fields(s.refused) }) : "",
    s.hours !== null ? tr(t, "use.hours", { hours: num(lang, s.hours, 2) }) : "",
    s.hoursRefused
      ? tr(t, "use.hoursRefused", {
          hours: num(lang, s.hoursRefused.hours, 2),
          min: num(lang, s.hoursRefused.min),
          max: num(lang, s.hoursRefused.max, 0),
        })
      : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export function useView(
  run: LoadedRun,
  saved: { run: LoadedRun; status: UseStatus } | null,
  t: Strings,
  lang: string,
): UseView {
  const [before = "", rest = ""] = tr(t, "use.next").split("{cost}");
  const [between = "", after = ""] = rest.split("{fit}");
  const base = lang === "en" ? "/en" : "";
  return {
    explain: run.throughput ? tr(t, "use.explain", { n: run.busyGpuCount }) : tr(t, "use.noTp"),
    status: saved && saved.run === run ? statusText(saved.status, t, lang) : "",
    next: {
      before,
      between,
      after,
      costHref: `${base}/guides/total-cost/`,
      fitHref: `${base}/guides/choosing-a-gpu/`,
    },
  };
}
