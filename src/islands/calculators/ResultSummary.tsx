/**
 * Assumptions and warnings of an estimate, translated from the core's codes. Values are
 * formatted by what their key names (bytes per parameter, byte counts, shares, counts) so no
 * raw float leaks out.
 */
import type { Assumption, Warning } from "../../estimate/result.ts";
import type { Strings } from "../../i18n/format.ts";
import { gb, mib, num, pct, sci, tr } from "../../i18n/format.ts";
// The memory widgets' bar travels with the summary every estimate widget shows: one chunk
// instead of two small ones on the memory pages.
export { StackedBar } from "./StackedBar.tsx";

const SHARE = /headroom|fragmentation|mfu|efficiency|scaling|utilization/i;

export function formatParam(
  lang: string,
  t: Strings,
  key: string,
  v: number | string | boolean,
): string {
  if (typeof v === "boolean") return tr(t, v ? "yes" : "no");
  if (typeof v === "string") return t[`opt.${v}`] ?? v;
  // Bytes per parameter ("2 bytes") and small byte counts (KV cache per token) as plain
  // numbers; larger byte counts in MiB or GB.
  if (/bytes/i.test(key))
    return /per-param/i.test(key) || v < 1e6
      ? `${num(lang, v)} ${tr(t, "unit.bytes")}`
      : v < 1e8
        ? mib(lang, v)
        : gb(lang, v);
  if (SHARE.test(key)) return pct(lang, v);
  return Math.abs(v) >= 1e6 ? sci(lang, v) : num(lang, v);
}

export function warningText(lang: string, t: Strings, w: Warning): string {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(w.params)) params[k] = formatParam(lang, t, k, v);
  return tr(t, `warn.${w.code}`, params);
}

export interface ResultSummaryProps {
  assumptions: readonly Assumption[];
  warnings: readonly Warning[];
  t: Strings;
  lang: string;
}

export function ResultSummary(p: ResultSummaryProps) {
  return (
    <div class="calc-summary">
      {p.warnings.length > 0 && (
        <ul class="calc-warnings" aria-label={tr(p.t, "warnings")}>
          {p.warnings.map((w, i) => (
            <li key={`${w.code}-${i}`}>{warningText(p.lang, p.t, w)}</li>
          ))}
        </ul>
      )}
      <details class="calc-assumptions" open>
        <summary>{tr(p.t, "assumptions")}</summary>
        <dl>
          {p.assumptions.map((a) => (
            <div key={a.key}>
              <dt>{tr(p.t, `as.${a.key}`)}</dt>
              <dd>
                {formatParam(p.lang, p.t, a.key, a.value)} <small>({a.source})</small>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
