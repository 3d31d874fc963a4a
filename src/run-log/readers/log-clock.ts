/**
 * The clocks log lines carry. Only differences between readings of one log matter (warm-up
 * length, window length), so wall-clock stamps are read as UTC whatever zone wrote them.
 */

import { utcSeconds } from "../nvidia-smi-csv.ts";

const DATE_TIME_RE = /(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?/;

/** Logs put their stamp in the prefix: only this many leading characters are searched. */
export const STAMP_SEARCH_CHARS = 160;

/**
 * The first `YYYY-MM-DD HH:MM:SS[.ffffff|,mmm]` in a line's first STAMP_SEARCH_CHARS (Python's logging asctime, Megatron's
 * datetime.now(), SGLang's prefix), as epoch seconds; null when there is none or it is not a
 * real time.
 */
export function findDateTimeSeconds(line: string): number | null {
  const m = DATE_TIME_RE.exec(line.slice(0, STAMP_SEARCH_CHARS));
  return m ? utcSeconds(m) : null;
}

const MONTH_DAY_RE =
  /(?:^|[\s(])(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?=[\s\]]|$)/;
const SECONDS_PER_DAY = 86_400;
/** Day of year (0-based) of each month's first day in a leap year. */
const MONTH_START_DAYS = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

/**
 * vLLM's `%m-%d %H:%M:%S` stamp (no year, in the first STAMP_SEARCH_CHARS) as seconds since 1 January of an unnamed leap year;
 * null when absent. `YearlessClock` unrolls the new year.
 */
export function findMonthDaySeconds(line: string): number | null {
  const m = MONTH_DAY_RE.exec(line.slice(0, STAMP_SEARCH_CHARS));
  if (!m) return null;
  const [mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const day = (MONTH_START_DAYS[mo - 1] as number) + d - 1;
  return day * SECONDS_PER_DAY + h * 3600 + mi * 60 + s + (m[6] ? Number(`0.${m[6]}`) : 0);
}

/**
 * Keeps a year-less clock increasing across 31 December: a stamp more than half a year before
 * the previous one is read as the next year. (A log does not span half a year between two
 * lines; concatenated files out of order go back by less.)
 */
export function createYearlessClock(): (secondsInYear: number) => number {
  const year = 366 * SECONDS_PER_DAY;
  let offset = 0;
  let last = -Infinity;
  return (s) => {
    let t = s + offset;
    if (t < last - year / 2) {
      offset += year;
      t += year;
    }
    last = t;
    return t;
  };
}

/**
 * A duration as Python's `str(timedelta)` prints it ("0:01:23", "1 day, 2:03:04",
 * "3 days, 0:00:01") or tqdm's `format_interval` ("01:23", "1:02:03", "1d, 2:03:04"); seconds,
 * null when unreadable.
 */
export function parseDurationSeconds(s: string): number | null {
  const m = /^\s*(?:(\d+)\s*(?:d|days?),\s*)?(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)\s*$/.exec(s);
  if (!m) return null;
  const days = m[1] ? Number(m[1]) : 0;
  const hours = m[2] ? Number(m[2]) : 0;
  const minutes = Number(m[3]);
  const seconds = Number(m[4]);
  if (minutes > 59 || seconds >= 61) return null;
  const total = ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
  return Number.isFinite(total) ? total : null;
}
