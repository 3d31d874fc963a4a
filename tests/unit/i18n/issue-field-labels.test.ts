/**
 * The field an issue names, as the result's list of issues says it: by the label its input
 * carries (`lora.rank` is the "LoRA rank" box, not "lora.rank"), in both languages, for
 * every field of every task however deep it sits.
 */
import { describe, expect, it } from "vitest";
import type { Fields } from "../../../src/estimate/request/field.ts";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { runRequest, TASKS } from "../../../src/estimate/registry.ts";
import { calculatorStrings } from "../../../src/i18n/calculators.ts";
import { fieldLabelMessage } from "../../../src/i18n/messages.ts";
import { say } from "../../../src/i18n/text.ts";
import { GPUS } from "../estimate/helpers.ts";

const CTX = { gpus: GPUS, presets: PRESETS };
const label = (lang: "en" | "zh-cn", i: { field: string; label?: string }) =>
  say(calculatorStrings(lang), lang, fieldLabelMessage(i));

describe("an issue's field label", () => {
  it("a LoRA rank of 0 is the LoRA rank box's issue, not the path's", () => {
    const o = runRequest(
      {
        task: "train-memory",
        model: { preset: "llama-3.1-8b" },
        gpu: "h100-sxm",
        lora: { rank: 0 },
      },
      CTX,
    );
    expect(o.ok).toBe(false);
    const rank = o.ok ? undefined : o.issues.find((i) => i.field === "lora.rank");
    expect(rank).toMatchObject({ code: "out-of-range", label: "f.loraRank" });
    expect(label("en", rank!)).toBe("LoRA rank");
    expect(label("zh-cn", rank!)).toBe("LoRA 秩");
  });

  it("a list item's field and a config's inner key take the innermost name the dictionary has", () => {
    expect(label("en", { field: "options.1.gpu" })).toBe("GPU");
    expect(label("en", { field: "model.hfConfig.num_attention_heads" })).toBe(
      "Hugging Face config.json",
    );
  });

  it("a path no dictionary names is shown as it is", () => {
    expect(label("en", { field: "zzz.0.yyy" })).toBe("zzz.0.yyy");
  });

  /** Every field of a table, with the label key the checker stamps on its issues. */
  const walk = (fields: Fields, at = ""): { field: string; label?: string }[] =>
    Object.entries(fields).flatMap(([name, f]) => {
      const field = at ? `${at}.${name}` : name;
      const own = { field, ...(f.label ? { label: f.label } : {}) };
      if (f.kind === "object") return [own, ...walk(f.fields, field)];
      if (f.kind === "list") return [own, ...walk(f.item, `${field}.0`)];
      return [own];
    });
  const every = Object.values(TASKS).flatMap((t) => walk(t.fields));

  it.each(["en", "zh-cn"] as const)("every field of every task has a label (%s)", (lang) => {
    expect(every.length).toBeGreaterThan(100);
    const raw = every.filter((i) => label(lang, i) === i.field).map((i) => i.field);
    expect([...new Set(raw)]).toEqual([]);
  });
});
