/**
 * The page carries the words of the issues it raises without the engine, and only those
 * (`src/stores/page-issues.ts`): every other issue's words come with the engine, so an issue
 * the site's own code raised any other way would show as its key while the engine is away.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../../../src");
const files = (dir: string): string[] =>
  readdirSync(join(SRC, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));

describe("issues the page raises", () => {
  it("are raised through pageIssue, never issue() or a literal issue key", () => {
    const offenders = ["stores", "islands", "components"].flatMap(files).filter((f) => {
      if (f.endsWith("page-issues.ts")) return false;
      const code = readFileSync(f, "utf8");
      return /\bissue\(\s*["'`]/.test(code) || /["'`]issue\.[a-z]/.test(code);
    });
    expect(offenders).toEqual([]);
  });

  it("the check sees both ways of raising one", () => {
    expect(/\bissue\(\s*["'`]/.test('issue("model", "file-missing")')).toBe(true);
    expect(/["'`]issue\.[a-z]/.test('msg("issue.duplicate")')).toBe(true);
  });
});
