/**
 * Code loaded on demand, and loaded again after a failure: a browser may keep a failed
 * dynamic import's failure for the page's life, so the retry fetches the file the error names
 * under a query of its own.
 */
import { describe, expect, it } from "vitest";
import { lazy, retryUrl } from "../../../src/stores/lazy.ts";

const FILE = "http://localhost:4321/_astro/engine-impl.VGIvjaTu.js";

describe("retryUrl", () => {
  it("takes the file from Chromium's and Firefox's messages, with the attempt as its query", () => {
    expect(retryUrl(new TypeError(`Failed to fetch dynamically imported module: ${FILE}`), 1)).toBe(
      `${FILE}?retry=1`,
    );
    expect(retryUrl(new TypeError(`error loading dynamically imported module: ${FILE}`), 2)).toBe(
      `${FILE}?retry=2`,
    );
    // A retry that failed in turn names the file with its query: the file, not the query.
    expect(
      retryUrl(new TypeError(`Failed to fetch dynamically imported module: ${FILE}?retry=1`), 2),
    ).toBe(`${FILE}?retry=2`);
  });

  it("gives none where the message names no file (Safari), so the import is retried as written", () => {
    expect(retryUrl(new TypeError("Importing a module script failed."), 1)).toBeNull();
    expect(retryUrl("not an error", 1)).toBeNull();
    // A data file's URL is not a module's, though ".json" begins with ".js".
    expect(
      retryUrl(new Error("http://localhost:4321/engine-data/en.21a5d4c334.json: HTTP 404"), 1),
    ).toBeNull();
  });
});

describe("lazy", () => {
  it("says loading, then failed, then loads on the next try", async () => {
    let calls = 0;
    const module = { value: 42 };
    // Fails once without naming a file, then loads: the retry calls the loader again.
    const l = lazy(() =>
      ++calls === 1
        ? Promise.reject(new TypeError("Importing a module script failed."))
        : Promise.resolve(module),
    );
    expect(l.$state.get()).toEqual({ status: "idle" });
    const first = l.load();
    expect(l.$state.get()).toEqual({ status: "loading" });
    expect(await first).toBeNull();
    expect(l.$state.get()).toEqual({ status: "failed" });
    expect(await l.load()).toBe(module);
    expect(l.$state.get()).toEqual({ status: "ready", module });
    // Loaded once: no further import.
    expect(await l.load()).toBe(module);
    expect(calls).toBe(2);
  });
});
