import { chromium } from "@playwright/test";
import { writeFileSync } from "node:fs";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage();
const lines = ["timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%], power.draw [W]"];
const t0 = Date.UTC(2024, 4, 1, 12) / 1000; let size = 0;
for (let i = 0; size < 10 * 1024 * 1024; i++) {
  const d = new Date((t0 + Math.floor(i / 2)) * 1000).toISOString().replace("T", " ").replace("Z", "").replace(/-/g, "/");
  const line = `${d}, ${i % 2}, NVIDIA A100-SXM4-80GB, ${i < 200 ? 2000 + i * 100 : 40000 + (i % 7)} MiB, 81920 MiB, ${i < 200 ? 20 : 90 + (i % 5)} %, 300.00 W`;
  lines.push(line); size += line.length + 1;
}
writeFileSync("/tmp/field/big.csv", lines.join("\n"));
for (let k = 0; k < 3; k++) {
await p.goto("http://localhost:4333/en/guides/analyze-a-run/");
await p.locator("section.an").scrollIntoViewIfNeeded();
await p.waitForSelector("section.an[data-hydrated=true]");
await p.evaluate(() => { window.lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: "longtask" }); window.t0 = performance.now(); });
await p.setInputFiles("#an-a-file", "/tmp/field/big.csv");
await p.waitForSelector("[data-testid=gpu-table] tbody tr", { timeout: 30000 });
await p.waitForTimeout(500);
console.log(await p.evaluate(() => JSON.stringify({ t0: Math.round(window.t0), lt: window.lt })));
}
await b.close();
