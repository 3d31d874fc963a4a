/**
 * A checklist as GitHub-flavoured Markdown: a `## title` heading, then one task-list line
 * per item in the page's order. Pure, so the island and the unit tests share it.
 */
export interface ChecklistItem {
  /** Stable id, the same in every language: ticks are stored per checklist id + item id. */
  id: string;
  /** What to check. Backtick spans render as code. */
  text: string;
  /** Why it matters, one short sentence. Not exported. */
  why?: string;
  /** What a good answer looks like, for checks that run a command. Not exported. */
  good?: string;
}

/** Line breaks inside an item would end the task-list line; fold them into spaces. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}

export function checklistMarkdown(
  title: string,
  items: readonly Pick<ChecklistItem, "id" | "text">[],
  checked: ReadonlySet<string> | readonly string[],
): string {
  const ticked = checked instanceof Set ? checked : new Set(checked);
  const lines = items.map((item) => `- [${ticked.has(item.id) ? "x" : " "}] ${oneLine(item.text)}`);
  return `## ${oneLine(title)}\n\n${lines.join("\n")}\n`;
}

/** A file name for the download link: `checklist-<id>.md`, safe characters only. */
export function checklistFileName(id: string): string {
  const safe = id
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `checklist-${safe || "items"}.md`;
}

/** Split text at backtick spans: odd indexes are code. */
export function codeSpans(text: string): string[] {
  return text.split("`");
}
