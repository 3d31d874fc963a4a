import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 703, height: 1047 } });
for (const path of process.argv.slice(2)) {
  await p.goto("http://localhost:4333" + path);
  for (const i of await p.locator("astro-island").all()) await i.scrollIntoViewIfNeeded();
  await p.waitForTimeout(800);
  await p.emulateMedia({ media: "print" });
  const r = await p.evaluate(() => {
    const m = document.querySelector("main");
    return [m.getBoundingClientRect().height, [...m.children].map(c => `${c.tagName}.${c.className} ${Math.round(c.getBoundingClientRect().height)}`)];
  });
  console.log(path, Math.round(r[0]), "px =", (r[0] / 1047).toFixed(2), "pages"); console.log(r[1].join("\n"));
}
await b.close();
