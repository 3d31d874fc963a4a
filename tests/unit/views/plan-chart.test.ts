/**
 * The decision table's chart (issue 17, item 8): one dot per option that runs with both
 * hours and a cost, the cheapest and the fastest marked, fewer hours to the left and a lower
 * cost lower down; too few options to place say so instead.
 */
import { describe, expect, it } from "vitest";
import type { PlanRow } from "../../../src/estimate/plan/row.ts";
import { planChart } from "../../../src/stores/views/plan-chart.ts";

const row = (gpu: string, hours: number | null, cost: number | null, fits = true): PlanRow =>
  ({
    gpu,
    gpuName: gpu.toUpperCase(),
    gpus: 1,
    verdict: fits ? "fits" : "does-not-fit",
    hours,
    cost,
  }) as unknown as PlanRow;

describe("the plan's chart", () => {
  it("places the options that run and are priced, marking the cheapest and the fastest", () => {
    const v = planChart(
      [
        row("a", 10, 100),
        row("b", 5, 200),
        row("c", 20, 150),
        row("big", 1, 1, false),
        row("unpriced", 3, null),
      ],
      "USD",
    );
    if ("none" in v) throw new Error("expected a chart");
    expect(v.dots.map((d) => [d.key, d.mark])).toEqual([
      ["a", "cheapest"],
      ["b", "fastest"],
      ["c", null],
    ]);
    const at = (k: string) => v.dots.find((d) => d.key === k)!;
    // Fewer hours sit to the left; a lower cost sits lower (a larger SVG y).
    expect(at("b").x).toBeLessThan(at("a").x);
    expect(at("a").x).toBeLessThan(at("c").x);
    expect(at("a").y).toBeGreaterThan(at("c").y);
    expect(at("c").y).toBeGreaterThan(at("b").y);
    // Log scales: 10 h sits halfway between 5 h and 20 h.
    expect(at("a").x - at("b").x).toBeCloseTo(at("c").x - at("a").x, 9);
  });

  it("names the cheapest and the fastest each on its own line above the plot (#24)", () => {
    const v = planChart([row("a", 10, 100), row("b", 5, 200), row("c", 20, 150)], "USD");
    if ("none" in v) throw new Error("expected a chart");
    const named = v.texts.filter(
      (t) =>
        typeof t.text === "object" &&
        "key" in t.text &&
        (t.text.key === "gf.chartCheapest" || t.text.key === "gf.chartFastest"),
    );
    expect(named).toHaveLength(2);
    const [cheapest, fastest] = named;
    // Two lines, both above every dot and every axis label.
    expect(cheapest!.y).not.toBe(fastest!.y);
    const others = v.texts.filter((t) => !named.includes(t));
    const top = Math.min(...v.dots.map((d) => d.y), ...others.map((t) => t.y - v.fontSize));
    for (const t of named) expect(t.y).toBeLessThan(top);
    // From the picture's edge on the dot's side: the slow cheapest (right) ends at the right
    // edge, the fast fastest (left) starts at the left.
    expect(cheapest!.anchor).toBe("end");
    expect(fastest!.anchor).toBe("start");
    expect(v.fontSize).toBeGreaterThanOrEqual(11);
  });

  it("marks one option both cheapest and fastest when it is", () => {
    const v = planChart([row("a", 2, 10), row("b", 4, 30)], "CNY");
    if ("none" in v) throw new Error("expected a chart");
    expect(v.dots.find((d) => d.key === "a")?.mark).toBe("both");
  });

  it("says why there is no chart with fewer than two options to place", () => {
    expect(planChart([row("a", 2, 10), row("b", 4, null)], "USD")).toEqual({
      none: { key: "gf.chartNone", params: undefined },
    });
  });
});
