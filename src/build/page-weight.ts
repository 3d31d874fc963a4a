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

/**
 * The calculator pages whose first visit is still over the limit, each with the most it may
 * weigh until it meets the limit with room: its weight when this list was written (the
 * build of 2026-12-08, `SITE_TODAY=2026-12-06`) plus half a kilobyte for what a date or a
 * price changes, rounded up to a whole kilobyte. A ratchet: a page here may only get lighter (lower
 * its ceiling when it does; remove it once it is within the limit), and every other
 * calculator page fails the build past the limit itself. What keeps these heavy is listed in
 * the README (page weight): the decision table's 34 plan rows and their words above all.
 */
export const OVER_LIMIT_CEILINGS_KB: Readonly<Record<string, number>> = {
  "/guides/choosing-a-gpu/": 70,
  "/en/guides/choosing-a-gpu/": 67,
};

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

/**
 * What breaks the contract on one page, in words: `enforced` fails the build; `pending` is a
 * page still over the first-visit limit but within its ceiling (`OVER_LIMIT_CEILINGS_KB`),
 * printed on every build until it meets the limit.
 */
export function contractBreaches(
  w: PageWeight,
  ceilingsKB: Readonly<Record<string, number>> = OVER_LIMIT_CEILINGS_KB,
): { enforced: string[]; pending: string[] } {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  if (!w.interactive) {
    const js =
      w.jsBytes > 0 ? [`${w.page}: a prose page loads ${kB(w.jsBytes)} of JavaScript files`] : [];
    return { enforced: js, pending: [] };
  }
  const enforced =
    w.jsBytes > JAVASCRIPT_LIMIT_BYTES
      ? [`${w.page}: JavaScript ${kB(w.jsBytes)} > ${kB(JAVASCRIPT_LIMIT_BYTES)}`]
      : [];
  if (w.totalBytes <= FIRST_VISIT_LIMIT_BYTES) return { enforced, pending: [] };
  const over = `${w.page}: first visit ${kB(w.totalBytes)} > ${kB(FIRST_VISIT_LIMIT_BYTES)}`;
  const ceiling = ceilingsKB[w.page];
  if (ceiling === undefined) return { enforced: [...enforced, over], pending: [] };
  return w.totalBytes > ceiling * 1024
    ? { enforced: [...enforced, `${over}, and past its ceiling of ${ceiling} kB`], pending: [] }
    : { enforced, pending: [`${over} (its ceiling: ${ceiling} kB)`] };
}
