/**
 * The built site's pages (`dist/`, written by `npm run build`), as their paths, and what
 * makes two pages the same template for a browser: the layout and the widgets they carry.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export const DIST = join(import.meta.dirname, "../../dist");

export function builtPages(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "pagefind" && entry.name !== "_astro") walk(path);
      } else if (entry.name === "index.html") {
        pages.push(`/${relative(DIST, dir)}/`.replace(/\/+/g, "/"));
      }
    }
  };
  walk(DIST);
  return pages.sort();
}

export const pageHtml = (path: string): string =>
  readFileSync(join(DIST, path, "index.html"), "utf8");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** HTML's character references as the characters a reader sees. */
export const decodeEntities = (s: string): string =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(\w+|#39);/g, (m, name: string) => ENTITIES[name] ?? m);

/**
 * An element's text as a browser's `textContent` gives it, white space collapsed: tags
 * dropped (adjacent text joins), scripts and styles left out, references decoded.
 */
export const textOf = (html: string): string =>
  decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();

/** Kinds of element whose markup axe judges by rules of their own (tables' headers, …). */
const STRUCTURES = ["table", "figure", "details", "svg", "pre", "img", "form", "dl"] as const;

/**
 * A page's template: its layout (the `<main>` element's classes), the islands it carries and
 * the kinds of structure its content uses. Pages of one template differ only in their prose
 * and figures, which axe's rules judge the same way in either language.
 */
export function templateOf(html: string): string {
  const main = /<main\b[^>]*class="([^"]*)"/.exec(html)?.[1] ?? "";
  const islands = [...new Set([...html.matchAll(/component-export="(\w+)"/g)].map((m) => m[1]))];
  const body = html.slice(html.indexOf("<main"));
  const structures = STRUCTURES.filter((tag) => new RegExp(`<${tag}\\b`).test(body));
  return [main, ...structures, ...islands.sort()].join("|");
}

/** One page per template: the Chinese page of every other template, the English of the rest. */
export function onePerTemplate(pages: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const path of pages) {
    const t = templateOf(pageHtml(path));
    groups.set(t, [...(groups.get(t) ?? []), path]);
  }
  return [...groups.keys()].sort().map((t, i) => {
    const group = groups.get(t) ?? [];
    const english = i % 2 === 1;
    return group.find((p) => p.startsWith("/en/") === english) ?? group[0] ?? "/";
  });
}
