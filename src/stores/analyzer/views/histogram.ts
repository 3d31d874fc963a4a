/** The steady window's utilisation distribution of one GPU: bars as drawn, and as a table. */
import { num } from "../../../i18n/format.ts";
import type { ShownGpu } from "../../../workers/analyzer/protocol.ts";

/** Bar area of the drawing, SVG units: bars stand on `base` and are at most `height` tall. */
const PLOT = { left: 10, width: 300, base: 110, height: 100, labelY: 124 };

export interface HistogramView {
  bars: {
    key: number;
    x: number;
    y: number;
    width: number;
    height: number;
    labelX: number;
    label: string;
  }[];
  labelY: number;
  rows: { key: number; bucket: string; samples: string; share: string }[];
}

export function histogramView(g: ShownGpu, lang: string): HistogramView {
  const buckets = g.utilHistogramSteady;
  const top = Math.max(0.01, ...buckets.map((b) => b.share));
  const bw = PLOT.width / Math.max(1, buckets.length);
  return {
    bars: buckets.map((b, i) => {
      const h = (b.share / top) * PLOT.height;
      return {
        key: b.fromPct,
        x: PLOT.left + i * bw + 2,
        y: PLOT.base - h,
        width: bw - 4,
        height: h,
        labelX: PLOT.left + i * bw + bw / 2,
        label: num(lang, b.fromPct, 0),
      };
    }),
    labelY: PLOT.labelY,
    rows: buckets.map((b) => ({
      key: b.fromPct,
      bucket: `${num(lang, b.fromPct, 0)}–${num(lang, b.toPct, 0)}`,
      samples: num(lang, b.samples, 0),
      share: num(lang, b.share * 100, 1),
    })),
  };
}
