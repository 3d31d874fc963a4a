import { defineConfig } from "vitest/config";

/**
 * Checks over the built site (`dist/`), run after `npm run build`: what every page's HTML
 * must hold, read as files, with no browser.
 */
export default defineConfig({
  test: { include: ["tests/dist/**/*.test.ts"] },
});
