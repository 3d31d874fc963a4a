/** A plan that names `pricesOn` gives the same answer whatever day it runs. */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { loadReferencePrices } from "../../../../src/prices/load.ts";

const base = { gpus: loadGpuSpecs(), presets: PRESETS, prices: loadReferencePrices() };
const request = {
  task: "plan",
  workload: { task: "render", secondsPerFrame: 45, frames: 2880 },
  measuredOn: "rtx-4090",
  pricesOn: "2026-12-01",
};

describe("plan pricesOn", () => {
  it("ages reference prices against the named day, not the day it runs", () => {
    const now = runRequest(request, { ...base, today: "2026-12-05" });
    const yearOn = runRequest(request, { ...base, today: "2027-12-05" });
    expect(now.ok && yearOn.ok).toBe(true);
    expect(JSON.stringify(yearOn)).toBe(JSON.stringify(now));
  });

  it("refuses a day that does not exist", () => {
    for (const bad of ["2026-02-30", "2026-1-5", "yesterday"]) {
      const r = runRequest({ ...request, pricesOn: bad }, base);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues).toEqual([{ field: "pricesOn", code: "not-a-date", params: {} }]);
    }
  });
});
