import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run in Chromium against the built site (`dist/`, served by `astro preview`).
 * CI installs Debian's Chromium; where Playwright's own browser is installed instead and no
 * system Chromium exists, Playwright uses its own.
 */
const chromiumPath = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const executablePath = existsSync(chromiumPath) ? chromiumPath : undefined;
// PW_PORT lets two checkouts run their browser tests side by side.
const port = Number(process.env["PW_PORT"] ?? 4322);

/** Tests that assert how long the page's main-thread tasks take, by their titles. */
const TIMING = /no long task|main-thread task/;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  // Guards against a hung test, not limits on speed: on a 2-core machine shared with other
  // work a page can take seconds to hydrate, so both are well above what an idle run needs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
  },
  projects: [
    { name: "chromium", use: chromium, grepInvert: TIMING },
    // Main-thread timing is measured on an otherwise idle browser: after every other test, one
    // test at a time (one worker), so the long-task limits are not judged against the rest of
    // the suite's load.
    {
      name: "timing",
      use: chromium,
      grep: TIMING,
      dependencies: ["chromium"],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    command: `npx astro preview --port ${port} --host localhost`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env["CI"],
    timeout: 60_000,
  },
});
