/**
 * The issues the page raises itself, without the engine: the engine did not load, a model
 * file is not read yet, a pasted config is not JSON, a GPU is priced twice. Their words are
 * always on the page (`CalcPageData.astro`); every other issue is the engine's finding, and
 * its words come with the engine (`engine-data.ts`).
 */
import type { Issue, IssueCode } from "../estimate/request/issue.ts";
import { issue } from "../estimate/request/issue.ts";

export const PAGE_ISSUES = [
  "engine-load-failed",
  "file-missing",
  "hf-bad-json",
  "duplicate",
] as const satisfies readonly IssueCode[];

export const pageIssue = (
  field: string,
  code: (typeof PAGE_ISSUES)[number],
  params: Record<string, string | number> = {},
): Issue => issue(field, code, params);
