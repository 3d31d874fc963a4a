/**
 * Turns the core's codes into messages: warnings, request issues and assumption values,
 * each number as a quantity in its unit (GB, MiB, %, ×, h, TFLOPS). The page and the
 * command line both say them through `say` (`text.ts`), so they say the same thing the
 * same way; the strings come in as a dictionary, so islands ship only their own language's.
 */
import type { Assumption, Warning } from "../estimate/result.ts";
import type { Issue } from "../estimate/request/issue.ts";
import { BYTES_PER_GB, BYTES_PER_MIB } from "../estimate/units.ts";
import type { Strings } from "./format.ts";
import type { Msg, Text } from "./text.ts";
import { codedKey, msg, qty, say } from "./text.ts";

const SHARE = /headroom|fragmentation|mfu|efficiency|scaling|utilization|share|fraction/i;

/** One value of an assumption or a message parameter, in the unit its key names. */
export function paramText(key: string, v: number | string | boolean): Text {
  if (typeof v === "boolean") return msg(v ? "yes" : "no");
  // A GPU's unverified figures come as catalog keys ("memoryGB,linkGBps"): name each.
  if (typeof v === "string" && key === "figures")
    return { list: v.split(",").flatMap((k) => (k === "" ? [] : [{ key: `fig.${k}`, or: k }])) };
  if (typeof v === "string") return { key: `opt.${v}`, or: v };
  // Bytes per parameter ("2 bytes") and small byte counts (KV cache per token) as plain
  // numbers; larger byte counts in MiB or GB.
  if (/bytes/i.test(key))
    return /per-param/i.test(key) || v < 1e6
      ? qty(v, "bytes")
      : v < 1e8
        ? qty(v / BYTES_PER_MIB, "mib", 0)
        : qty(v / BYTES_PER_GB, "gb", 1);
  if (/ratio/i.test(key)) return qty(v, "ratio");
  if (SHARE.test(key)) return qty(v * 100, "percent", 0);
  if (/hours/i.test(key)) return qty(v, "hours");
  if (/seconds/i.test(key)) return qty(v, "seconds");
  if (/tflops/i.test(key)) return qty(v, "tflops");
  return Math.abs(v) >= 1e6 ? qty(v, undefined, "sci") : qty(v);
}

export const warningMessage = (w: Warning): Msg =>
  msg(
    `warn.${w.code}`,
    Object.fromEntries(Object.entries(w.params).map(([k, v]) => [k, paramText(k, v)])),
  );

/** An assumption's value and, after it, where it comes from. */
export const assumptionMessages = (a: Assumption): { label: Msg; value: Text; source: Msg } => ({
  label: msg(codedKey(`as.${a.key}`)),
  value: paramText(a.key, a.value),
  source: msg(`src.${a.source}`, a.sourceParams),
});

/** An issue as the sentence that follows its field's name ("must be from 1 to 64 GPUs"). */
export function issueMessage(i: Issue): Msg {
  const p = i.params;
  const params: Record<string, Text> = {};
  for (const [k, v] of Object.entries(p))
    params[k] = typeof v === "number" ? qty(v, undefined, 6) : v;
  if (i.code === "out-of-range") {
    const percent = p["unit"] === "fraction";
    const show = (x: unknown) =>
      percent ? qty(Number(x) * 100, "percent", 0) : qty(Number(x), undefined, 6);
    params["range"] = msg(p["above"] === 1 ? "range.above" : "range.closed", {
      min: show(p["min"]),
      max: show(p["max"]),
      unit: percent || typeof p["unit"] !== "string" ? "" : { after: p["unit"] },
    });
  }
  const base = `issue.${i.code}` as const;
  return msg(p["nearest"] !== undefined ? ([`${base}.nearest`, base] as const) : base, params);
}

/**
 * The label of the field an issue names: its table's label key where the checker stamped one
 * (`lora.rank` → `f.loraRank`), else the innermost name of its path the dictionary knows
 * (`options.1.gpu` → `f.gpu`, `model.hfConfig.num_heads` → `f.hfConfig`), else the path itself.
 */
export function fieldLabelMessage(i: Pick<Issue, "field" | "label">): Msg {
  const names = i.field
    .split(".")
    .filter((x) => !/^\d+$/.test(x))
    .reverse();
  return { key: [...(i.label ? [i.label] : []), ...names.map((n) => `f.${n}`)], or: i.field };
}

export const warningText = (lang: string, t: Strings, w: Warning): string =>
  say(t, lang, warningMessage(w));

export const issueText = (lang: string, t: Strings, i: Issue): string =>
  say(t, lang, issueMessage(i));
