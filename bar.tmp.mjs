import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage();
for (const path of ["/en/guides/training-memory/", "/en/guides/inference/", "/en/guides/fine-tuning/"]) {
await p.goto("http://localhost:4333" + path);
for (const i of await p.locator("astro-island").all()) await i.scrollIntoViewIfNeeded();
await p.waitForTimeout(1500);
console.log(path, await p.evaluate(() => [...document.querySelectorAll(".calc-bar")].map(bar => [...bar.querySelectorAll("tbody th")].map(th => th.textContent).join(" | "))));
}
await b.close();
