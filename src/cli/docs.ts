/** `npm run -s docs`: rewrites the README's generated blocks (request reference, example figures). */
import { readFileSync, writeFileSync } from "node:fs";
import { loadGpuSpecs } from "../catalog/load.ts";
import { PRESETS } from "../estimate/model/presets.ts";
import { loadExchangeRates, loadReferencePrices } from "../prices/load.ts";
import { renderExamples, renderReference, replaceBlock } from "./reference.ts";

const README = new URL("../../README.md", import.meta.url);
let doc = readFileSync(README, "utf8");
doc = replaceBlock(doc, "reference", renderReference());
doc = replaceBlock(
  doc,
  "examples",
  renderExamples({
    gpus: loadGpuSpecs(),
    presets: PRESETS,
    prices: loadReferencePrices(),
    rates: loadExchangeRates(),
  }),
);
writeFileSync(README, doc);
