import { defineConfig } from "vitest/config";

/**
 * The unit tests mutation testing runs (`stryker.config.mjs`): the core's own tests, which
 * mirror its folders. The accuracy report and the stores' tests run the same code against
 * published rows and pages; they are not what proves a mechanism.
 */
export default defineConfig({
  test: { include: ["tests/unit/estimate/**/*.test.ts"], testTimeout: 60_000 },
});
