/** What to call the model a widget sizes, from the core's reading of it. */
import type { ModelName } from "../../estimate/model-value.ts";
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";
import type { ResolvedModel } from "../../stores/model.ts";

export function modelName(t: Strings, lang: string, name: ModelName): string {
  switch (name.kind) {
    case "preset":
      return name.name;
    case "params":
      return tr(t, "mp.paramsName", { b: num(lang, name.params / 1e9, 2) });
    case "arch":
      return tr(t, "mp.archName");
    case "hf":
      return `config.json (${name.family})`;
    case "file":
      return name.label;
  }
}

export const modelLabel = (t: Strings, lang: string, m: ResolvedModel | null): string =>
  m === null
    ? tr(t, "calc.computing")
    : m.ok
      ? modelName(t, lang, m.model.name)
      : tr(t, "mp.invalid");
