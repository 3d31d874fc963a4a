/**
 * The weights-file way of the model picker loads on demand (`WeightsFilesOnDemand.tsx`), and
 * its words with the engine's data: no page carries them on its first visit, and the file a
 * page loads with the engine has every one of them, in both languages.
 */
import { describe, expect, it } from "vitest";
import { engineMessages } from "../../../src/i18n/calculators.ts";
import { LANGS } from "../../../src/i18n/lang.ts";
import { modelFileStrings } from "../../../src/i18n/model-files.ts";
import { widgetStrings } from "../../../src/i18n/widget-strings.ts";

describe("the weights-file words", () => {
  for (const lang of LANGS) {
    const said: Readonly<Record<string, string>> = modelFileStrings[lang];
    const words = Object.keys(said).filter((k) => k.startsWith("mf."));

    it(`come with the engine's data (${lang})`, () => {
      // The drop zone's label and an error of each kind, at least: a reader sees these first.
      expect(words).toEqual(expect.arrayContaining(["mf.drop", "mf.err.truncated"]));
      const loaded = engineMessages(lang);
      expect(words.filter((k) => loaded[k] !== said[k])).toEqual([]);
    });

    it(`are not in the model picker's page dictionary (${lang})`, () => {
      const page = widgetStrings(lang, "ModelPicker", new Set());
      expect(Object.keys(page).filter((k) => k.startsWith("mf."))).toEqual([]);
      // The picker's own search words stay on the page: the search shows before any edit.
      expect(page["mp.noMatch"]).toBeTruthy();
      expect(page["mp.searchHow"]).toBeTruthy();
    });
  }
});
