import { chromium } from "@playwright/test";
const b = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const p = await b.newPage();
p.on("console", (m) => {
  if (m.type() === "error" || m.type() === "warning") console.log("console:", m.type(), m.text());
});
p.on("pageerror", (e) => console.log("pageerror:", e.message));
for (const path of process.argv.slice(2)) {
  await p.goto("http://localhost:4399" + path);
  for (const s of await p.locator("section.calc").all()) {
    await s.scrollIntoViewIfNeeded();
  }
  await p.waitForTimeout(800);
  const figs = await p
    .locator("section.calc")
    .evaluateAll((els) =>
      els.map(
        (e) =>
          e.getAttribute("aria-labelledby") +
          " hydrated=" +
          e.dataset.hydrated +
          " | " +
          [...e.querySelectorAll("output")].map((o) => o.textContent).join(" | ") +
          " | issues: " +
          (e.querySelector("[data-issues]")?.textContent ?? ""),
      ),
    );
  console.log(path);
  for (const f of figs) console.log("  ", f);
}
await b.close();
