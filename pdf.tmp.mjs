import { chromium } from "@playwright/test";
import { writeFileSync } from "node:fs";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage();
for (const path of process.argv.slice(2)) {
  await p.goto("http://localhost:4333" + path);
  for (const i of await p.locator("astro-island").all()) await i.scrollIntoViewIfNeeded();
  await p.waitForTimeout(800);
  const pdf = await p.pdf({ format: "A4" });
  writeFileSync("/tmp/field/" + path.replace(/\//g, "_") + ".pdf", pdf);
  console.log(path, (pdf.toString("latin1").match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length);
}
await b.close();
