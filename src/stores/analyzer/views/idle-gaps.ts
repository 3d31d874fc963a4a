/** The idle gaps of one GPU as listed: start, end, length and phase, and how many more. */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import type { ShownGpu } from "../../../workers/analyzer/protocol.ts";

export interface IdleGapsView {
  rows: { key: number; start: string; end: string; length: string; phase: string }[];
  /** "N more not listed", or "". */
  more: string;
}

export function idleGapsView(g: ShownGpu, t: Strings, lang: string): IdleGapsView {
  const n = (v: number) => num(lang, v, 0);
  const gaps = g.idleGaps;
  return {
    rows: gaps.map((x) => ({
      key: x.startSeconds,
      start: n(x.startSeconds),
      end: n(x.endSeconds),
      length: n(x.durationSeconds),
      phase: tr(t, `phase.${x.phase}`),
    })),
    more:
      g.idleGapCount > gaps.length
        ? tr(t, "gaps.more", { n: n(g.idleGapCount - gaps.length) })
        : "",
  };
}
