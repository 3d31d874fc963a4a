// @ts-check
/**
 * Mutation testing of the estimation core (`npm run mutate`; one folder: `npm run mutate --
 * --mutate "src/estimate/cost/**"`): StrykerJS changes the core's code one operator at a
 * time and runs the unit tests that cover each change; a change no test notices is a figure
 * no test proves. The score is printed at the end. Generated constants and the presets'
 * transcribed configs are data, not logic, and are left out.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts" },
  coverageAnalysis: "perTest",
  mutate: [
    "src/estimate/**/*.ts",
    "!src/estimate/generated/**",
    "!src/estimate/model/presets.ts",
    "!src/estimate/index.ts",
  ],
  // The machine has two cores.
  concurrency: 2,
  reporters: ["clear-text", "progress"],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  thresholds: { high: 80, low: 70, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
