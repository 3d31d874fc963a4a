/**
 * Every built page declares its policies in meta elements before any script (a static host
 * may send no headers): a Content-Security-Policy of this site's own scripts and styles plus
 * hashes, and a referrer policy.
 */
import { describe, expect, it } from "vitest";
import { builtPages, pageHtml } from "./built-pages.ts";

/** The policy's directives, name → sources. */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

/** The Content-Security-Policy and referrer policy the page declares in meta elements. */
function checkPolicy(html: string): void {
  const metas = [...html.matchAll(/<meta http-equiv="content-security-policy" content="([^"]*)"/g)];
  expect.soft(metas).toHaveLength(1);
  const policy = directives(metas[0]?.[1] ?? "");
  expect.soft(policy.get("default-src")).toEqual(["'self'"]);
  expect.soft(policy.get("object-src")).toEqual(["'none'"]);
  expect.soft(policy.get("base-uri")).toEqual(["'self'"]);
  const scripts = policy.get("script-src") ?? [];
  expect.soft(scripts.slice(0, 2)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  // Everything else is a hash: no 'unsafe-inline', no 'unsafe-eval', no other origin.
  for (const source of scripts.slice(2)) expect.soft(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  const styles = policy.get("style-src") ?? [];
  expect.soft(styles[0]).toBe("'self'");
  for (const source of styles.slice(1)) expect.soft(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  expect.soft(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  // The policy comes before every script, so it governs them all.
  expect.soft(html.indexOf("content-security-policy")).toBeLessThan(html.indexOf("<script"));
  expect.soft(html).toContain('<meta name="referrer" content="strict-origin-when-cross-origin">');
}

describe("every page's policy meta elements", () => {
  const pages = builtPages();
  it("covers the site in both languages", () => {
    expect(pages).toContain("/");
    expect(pages).toContain("/en/");
    expect(pages.filter((p) => p.startsWith("/en/")).length).toBeGreaterThan(10);
    expect(pages.filter((p) => !p.startsWith("/en/")).length).toBeGreaterThan(10);
  });
  for (const path of pages) it(path, () => checkPolicy(pageHtml(path)));
});
