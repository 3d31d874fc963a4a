/**
 * A task's result as its store holds it before the engine has loaded: the page's own
 * (`AS_BUILT`, the markup the server rendered) while every input holds its initial value,
 * and no engine asked for; an edit asks for the engine and leaves the built result behind.
 * (Here the engine's data cannot load, with no page to name the file: the edit ends in the
 * page's own issue that the engine failed to load, as it would offline.)
 */
import { describe, expect, it } from "vitest";
import { engineData } from "../../../src/stores/engine-data.ts";
import { setFit } from "../../../src/stores/fit.ts";
import { AS_BUILT } from "../../../src/stores/outcome.ts";
import { plan } from "../../../src/stores/results/plan.ts";

describe("a result before the engine", () => {
  it("is the page's own at the initial inputs, and an edit loads the engine", async () => {
    const seen: unknown[] = [];
    const off = plan.$outcome.subscribe((o) => seen.push(o));
    expect(plan.$outcome.get()).toBe(AS_BUILT);
    expect(plan.initial().outcome).toBe(AS_BUILT);
    expect(engineData.$state.get().status).toBe("idle");

    setFit({ epochs: 2 });
    // A guard against a hang, not a speed limit: the failure comes at once.
    await expect.poll(() => engineData.$state.get().status, { timeout: 30_000 }).toBe("failed");
    const last = plan.$outcome.get();
    expect(last).toEqual({
      ok: false,
      issues: [expect.objectContaining({ field: "request", code: "engine-load-failed" })],
    });
    // The built result stayed while the engine loaded: nothing said "computing" meanwhile.
    expect(seen.filter((o) => o === null)).toEqual([]);
    off();
  });
});
