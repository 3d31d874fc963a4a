/**
 * Turns the core's codes into sentences: warnings, request issues and assumption values,
 * with every number formatted in its unit (GB, MiB, %, ×, h, TFLOPS). The page and the
 * command line both print through here, so they say the same thing the same way; the
 * strings come in as a dictionary (`t`), so islands ship only their own language's.
 */
import type { Issue } from "../estimate/tasks/issue.ts";
import type { Warning } from "../estimate/result.ts";
import type { Strings } from "./format.ts";
import { gb, mib, num, pct, sci, tr } from "./format.ts";

const SHARE = /headroom|fragmentation|mfu|efficiency|scaling|utilization|share|fraction/i;

/** One value of an assumption or a message parameter, formatted by what its key names. */
export function formatParam(
  lang: string,
  t: Strings,
  key: string,
  v: number | string | boolean,
): string {
  if (typeof v === "boolean") return tr(t, v ? "yes" : "no");
  // A GPU's unverified figures come as catalog keys ("memoryGB,linkGBps"): name each.
  if (typeof v === "string" && key === "figures")
    return v
      .split(",")
      .filter((k) => k !== "")
      .map((k) => t[`fig.${k}`] ?? k)
      .join(t["fig.separator"] ?? ", ");
  if (typeof v === "string") return t[`opt.${v}`] ?? v;
  // Bytes per parameter ("2 bytes") and small byte counts (KV cache per token) as plain
  // numbers; larger byte counts in MiB or GB.
  if (/bytes/i.test(key))
    return /per-param/i.test(key) || v < 1e6
      ? `${num(lang, v)} ${tr(t, "unit.bytes")}`
      : v < 1e8
        ? mib(lang, v)
        : gb(lang, v);
  if (/ratio/i.test(key)) return `${num(lang, v)}×`;
  if (SHARE.test(key)) return pct(lang, v);
  if (/hours/i.test(key)) return `${num(lang, v)} h`;
  if (/seconds/i.test(key)) return `${num(lang, v)} s`;
  if (/tflops/i.test(key)) return `${num(lang, v)} TFLOPS`;
  return Math.abs(v) >= 1e6 ? sci(lang, v) : num(lang, v);
}

export function warningText(lang: string, t: Strings, w: Warning): string {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(w.params)) params[k] = formatParam(lang, t, k, v);
  return tr(t, `warn.${w.code}`, params);
}

/** An issue as the sentence that follows its field's name ("must be from 1 to 64 GPUs"). */
export function issueText(lang: string, t: Strings, i: Issue): string {
  const p = i.params;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p)) params[k] = typeof v === "number" ? num(lang, v, 6) : v;
  if (i.code === "out-of-range") {
    const percent = p["unit"] === "fraction";
    const unitLabel = percent ? "" : t[`unit.${p["unit"]}`] || "";
    const show = (x: unknown) => (percent ? pct(lang, Number(x)) : num(lang, Number(x), 6));
    params["range"] = tr(t, p["above"] === 1 ? "range.above" : "range.closed", {
      min: show(p["min"]),
      max: show(p["max"]),
      unit: unitLabel ? ` ${unitLabel}` : "",
    });
  }
  const variant = `issue.${i.code}.nearest`;
  return tr(t, p["nearest"] !== undefined && t[variant] ? variant : `issue.${i.code}`, params);
}
