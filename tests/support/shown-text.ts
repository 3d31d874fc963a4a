/**
 * How a figure reads on a calculator page, worked out here rather than with the site's own
 * formatter: numbers in the page language's grouping (Intl), two fraction digits below 10,
 * one below 1,000 and none above unless the figure fixes its digits, a dash for a figure
 * that does not exist, and each unit as the page names it in that language.
 */
export type Lang = "en" | "zh-cn";
export const LANGS: readonly Lang[] = ["en", "zh-cn"];

const UNIT: Record<Lang, Record<string, string>> = {
  en: {
    hours: "{n} h",
    seconds: "{n} s",
    "tokens-per-second": "{n} tokens/s",
    tflops: "{n} TFLOPS",
    flops: "{n} FLOPs",
    gb: "{n} GB",
    gib: "{n} GiB",
    mib: "{n} MiB",
    percent: "{n}%",
    millions: "{n} M",
  },
  "zh-cn": {
    hours: "{n} 小时",
    seconds: "{n} 秒",
    "tokens-per-second": "{n} token/s",
    tflops: "{n} TFLOPS",
    flops: "{n} FLOPs",
    gb: "{n} GB",
    gib: "{n} GiB",
    mib: "{n} MiB",
    percent: "{n}%",
    millions: "{n} M",
  },
};

/** A plain number as the page prints it. */
export function plain(lang: Lang, v: number | null | undefined, digits?: number): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  const d = digits ?? (Math.abs(v) < 10 ? 2 : Math.abs(v) < 1000 ? 1 : 0);
  return new Intl.NumberFormat(lang === "en" ? "en" : "zh-CN", {
    maximumFractionDigits: d,
  }).format(v);
}

/** A figure in a unit ("12.5 GiB", "3.2 小时"); a missing one is a dash alone. */
export function inUnit(
  lang: Lang,
  v: number | null | undefined,
  unit: string,
  digits?: number,
): string {
  const n = plain(lang, v, digits);
  const template = UNIT[lang][unit];
  if (template === undefined) throw new Error(`no unit ${unit} in the test's table`);
  return n === "—" ? n : template.replace("{n}", n);
}

/** A range of hours, low and high, as a time figure's likely range carries it. */
interface HoursRange {
  low: number;
  high: number;
}

/**
 * A figure with its likely range, as the pages word it: "140 h, likely 110.4–159.6 h",
 * "50.5 tokens/s, likely 35.6–54.3 tokens/s".
 */
export function likely(
  lang: Lang,
  value: number,
  range: HoursRange,
  unit: "hours" | "tokens-per-second" | "seconds",
): string {
  const [v, low, high] = [
    inUnit(lang, value, unit),
    plain(lang, range.low),
    inUnit(lang, range.high, unit),
  ];
  return lang === "en" ? `${v}, likely ${low}–${high}` : `${v}，可能 ${low}–${high}`;
}

/** Hours with their likely range, as the compute-time page words them. */
export const hoursLikely = (lang: Lang, hours: number, range: HoursRange): string =>
  likely(lang, hours, range, "hours");

/** A decision-table row's billed hours with their likely range: "10.43 (8.34–11.81)". */
export function hoursCell(
  lang: Lang,
  hours: number | null,
  range: HoursRange | null | undefined,
): string {
  const h = plain(lang, hours, 2);
  if (!range) return h;
  const [low, high] = [plain(lang, range.low, 2), plain(lang, range.high, 2)];
  return lang === "en" ? `${h} (${low}–${high})` : `${h}（${low}–${high}）`;
}

/** Large counts as the page prints them: 6.02 × 10^19. */
export function scientific(lang: Lang, v: number): string {
  if (Math.abs(v) < 1e6) return plain(lang, v);
  const e = Math.floor(Math.log10(Math.abs(v)));
  return `${plain(lang, v / 10 ** e, 2)} × 10^${e}`;
}

/** How the page lists names: "A, B" / "A、B". */
export const list = (lang: Lang, names: readonly string[]): string =>
  names.join(lang === "en" ? ", " : "、");

/** The colon after a label: ": " / "：". */
export const colon = (lang: Lang): string => (lang === "en" ? ": " : "：");

/** Text that opens with `shown` and may go on after a space (a cell's figure, then its link). */
export const leading = (shown: string): RegExp =>
  new RegExp(`^${shown.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);

/** A deadline verdict as the page words it (`deadlineVerdict` of a time with its range). */
export const DEADLINE_VERDICT: Record<
  Lang,
  Record<"meets-even-slow" | "may-miss" | "misses", string>
> = {
  en: {
    "meets-even-slow": "meets the deadline even at the slow end",
    "may-miss": "may miss the deadline",
    misses: "misses the deadline",
  },
  "zh-cn": {
    "meets-even-slow": "即使按慢的一端也赶得上截止时间",
    "may-miss": "可能赶不上截止时间",
    misses: "赶不上截止时间",
  },
};
