/**
 * The model picker's rarely used half, loaded when someone first picks "architecture" or
 * "config.json": the architecture fields, the config box, and resolving either into the
 * spec the other widgets compute with (the config parser itself loads on first paste).
 */
import type { ComponentChildren } from "preact";
import type { WritableAtom } from "nanostores";
import type { ModelArch } from "../../estimate/model.ts";
import { $model, setModel } from "../../stores/model.ts";
import type { ModelState } from "../../stores/model.ts";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";

/** Architecture fields typed by hand, as the estimator's model description. */
function archFrom(m: ModelState): ModelArch {
  const arch: ModelArch = {
    layers: m.layers,
    hidden: m.hidden,
    heads: m.heads,
    kvHeads: Math.min(m.kvHeads, m.heads),
    ffn: m.ffn,
    vocab: m.vocab,
    tiedEmbeddings: m.tied,
  };
  if (m.experts > 1)
    arch.moe = {
      experts: m.experts,
      activeExperts: Math.min(m.activeExperts, m.experts),
      expertFfn: m.ffn,
    };
  return arch;
}

/** Resolves the current architecture fields or pasted config into `$model.spec`. */
export function resolve(t: Strings, hfError: WritableAtom<string | null>): void {
  const m = $model.get();
  if (m.kind === "arch") {
    setModel({ spec: archFrom(m), name: tr(t, "mp.archName") });
    return;
  }
  if (m.kind !== "hf") return;
  void import("../../estimate/hf-config.ts").then(({ parseHfConfig }) => {
    // Parses whatever is in the box by now, so out-of-order loads cannot apply stale text.
    const now = $model.get();
    if (now.kind !== "hf") return;
    let json: unknown;
    try {
      json = JSON.parse(now.hfText);
    } catch {
      hfError.set(tr(t, "mp.hfBadJson"));
      return;
    }
    const r = parseHfConfig(json);
    if (!r.ok) hfError.set(tr(t, "mp.hfMissing", { field: r.field }));
    else {
      hfError.set(null);
      setModel({ spec: r.model, name: `config.json (${r.family})` });
    }
  });
}

export interface FieldsProps {
  m: ModelState;
  hfError: string | null;
  n: (
    key: keyof ModelState & string,
    unit: string,
    min: number,
    max: number,
    integer?: boolean,
    suffixes?: boolean,
  ) => ComponentChildren;
  chk: (key: keyof ModelState & string) => ComponentChildren;
  set: (c: Partial<ModelState>) => void;
  t: Strings;
  disabled: boolean;
}

export function Fields({ m, hfError, n, chk, set, t, disabled }: FieldsProps) {
  const id = "mp";
  return m.kind === "arch" ? (
    <>
      {n("layers", "", 1, 1000)}
      {n("hidden", "", 64, 65536)}
      {n("heads", "", 1, 1024)}
      {n("kvHeads", "", 1, 1024)}
      {n("ffn", "", 64, 262144)}
      {n("vocab", tr(t, "unit.tokens"), 2, 1e6)}
      {n("experts", "", 1, 1024)}
      {n("activeExperts", "", 1, 1024)}
      {chk("tied")}
    </>
  ) : (
    <div class={hfError ? "calc-field is-invalid" : "calc-field"}>
      <label for={`${id}-hf`}>{tr(t, "f.hfText")}</label>
      <textarea
        id={`${id}-hf`}
        rows={6}
        value={m.hfText}
        disabled={disabled}
        aria-invalid={hfError ? "true" : "false"}
        aria-describedby={`${id}-hf-hint ${id}-hf-err`}
        onInput={(e) => set({ hfText: (e.currentTarget as HTMLTextAreaElement).value })}
      />
      <span id={`${id}-hf-hint`} class="calc-hint">
        {tr(t, "mp.hfHint")}
      </span>
      <span id={`${id}-hf-err`} class="calc-error" aria-live="polite">
        {hfError ?? ""}
      </span>
    </div>
  );
}
