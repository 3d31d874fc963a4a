import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    // A guard against a hung test, not a limit on speed (speed goals are benchmarks with
    // ratios): on a 2-core machine shared with other work, a test that spawns a process or
    // builds a large log can take several times the 5 s default.
    testTimeout: 60_000,
  },
});
