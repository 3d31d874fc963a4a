/**
 * Every page declares its Content-Security-Policy and referrer policy in meta elements
 * (a static host may send no headers), and the fixture every test uses fails on a CSP
 * violation: here it is shown to catch one, in both languages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { builtPages, expect, test } from "./fixtures.ts";

const DIST = join(import.meta.dirname, "../../dist");
const html = (path: string) => readFileSync(join(DIST, path, "index.html"), "utf8");

/** The policy's directives, name → sources. */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

for (const path of builtPages()) {
  test(`policy meta elements: ${path}`, () => {
    const page = html(path);
    const metas = [
      ...page.matchAll(/<meta http-equiv="content-security-policy" content="([^"]*)"/g),
    ];
    expect(metas).toHaveLength(1);
    const policy = directives(metas[0]?.[1] ?? "");
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    const scripts = policy.get("script-src") ?? [];
    expect(scripts.slice(0, 2)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    // Everything else is a hash: no 'unsafe-inline', no 'unsafe-eval', no other origin.
    for (const source of scripts.slice(2)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    const styles = policy.get("style-src") ?? [];
    expect(styles[0]).toBe("'self'");
    for (const source of styles.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    // The policy comes before every script, so it governs them all.
    expect(page.indexOf("content-security-policy")).toBeLessThan(page.indexOf("<script"));
    expect(page).toContain('<meta name="referrer" content="strict-origin-when-cross-origin">');
  });
}

for (const path of ["/", "/en/"]) {
  test(`an inline script the policy does not list is blocked and fails the test: ${path}`, async ({
    page,
    pageProblems,
  }) => {
    await page.goto(path);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.body.dataset.injected = 'ran'";
      document.body.append(script);
    });
    await expect
      .poll(() => pageProblems.filter((p) => p.startsWith("CSP violation: script-src")).length)
      .toBe(1);
    expect(await page.evaluate(() => document.body.dataset["injected"])).toBeUndefined();
    // The violation is the point of this test; any other problem still fails it.
    const others = pageProblems.filter(
      (p) => !p.startsWith("CSP violation: script-src") && !p.includes("Content Security Policy"),
    );
    pageProblems.length = 0;
    expect(others).toEqual([]);
  });
}
