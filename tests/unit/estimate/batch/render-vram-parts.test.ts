/**
 * The seed's render VRAM rule of thumb as the page lays it out: the resolution's floor and
 * what a complex scene adds, as two named parts, and the figure recorded as an assumption
 * taken from the seed, not a measurement.
 */
import { describe, expect, it } from "vitest";
import { renderVramGuidanceGB } from "../../../../src/estimate/batch/rendering.ts";

describe("render VRAM parts", () => {
  it("4K complex: 8 GB resolution floor + 16 GB for the scene = 24 GB", () => {
    const r = renderVramGuidanceGB("4k", "complex");
    expect(r.breakdown).toEqual([
      { key: "resolution-floor", labelKey: "breakdown.resolution-floor", value: 8 },
      { key: "scene-complexity", labelKey: "breakdown.scene-complexity", value: 16 },
    ]);
    expect(r.assumptions).toEqual([{ key: "vram-GB", value: 24, source: "seed-render" }]);
  });

  it("1080p simple: the 8 GB floor and nothing for the scene", () => {
    const r = renderVramGuidanceGB("1080p", "simple");
    expect(r.breakdown.map((b) => [b.key, b.value])).toEqual([
      ["resolution-floor", 8],
      ["scene-complexity", 0],
    ]);
    expect(r.assumptions).toEqual([{ key: "vram-GB", value: 8, source: "seed-render" }]);
  });
});
