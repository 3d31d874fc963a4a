/** The README's request reference and example figures are what the code gives today. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { loadExchangeRates, loadReferencePrices } from "../../../src/prices/load.ts";
import { renderExamples, renderReference, replaceBlock } from "../../../src/cli/reference.ts";

const README = new URL("../../../README.md", import.meta.url);

describe("README", () => {
  it("holds the generated reference and example figures (run `npm run -s docs` to update)", async () => {
    const doc = readFileSync(README, "utf8");
    let fresh = replaceBlock(doc, "reference", renderReference());
    fresh = replaceBlock(
      fresh,
      "examples",
      renderExamples({
        gpus: loadGpuSpecs(),
        presets: PRESETS,
        prices: loadReferencePrices(),
        rates: loadExchangeRates(),
      }),
    );
    const filepath = fileURLToPath(README);
    const formatted = await format(fresh, { ...(await resolveConfig(filepath)), filepath });
    expect(doc).toBe(formatted);
  });
});
