/** What to call the model a widget sizes, from the core's reading of it. */
import type { ModelName } from "../../estimate/model/value.ts";
import type { Text } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import type { ResolvedModel } from "../model.ts";

export function modelName(name: ModelName): Text {
  switch (name.kind) {
    case "preset":
      return name.name;
    case "params":
      return msg("mp.paramsName", { b: qty(name.params / 1e9, undefined, 2) });
    case "arch":
      return msg("mp.archName");
    case "hf":
      return msg("mp.hfName", { family: name.family });
    case "file":
      return name.label;
  }
}

/** The model's name; "computing" while the engine that reads it loads. */
export const modelText = (m: ResolvedModel | null): Text =>
  m === null ? msg("calc.computing") : m.ok ? modelName(m.model.name) : msg("mp.invalid");
