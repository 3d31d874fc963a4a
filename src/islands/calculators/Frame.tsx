/**
 * The frame every widget shares: a titled region, its controls (printed as plain
 * "label value" text by calc.css, so no second copy of the inputs ships), the results (each
 * widget puts its headline figures in `Figures`, a polite live region of `<output>`
 * elements), the request behind them, and the share bar.
 */
import type { ComponentChildren } from "preact";
import type { Strings } from "../../i18n/format.ts";
import type { Say, Text } from "../../i18n/text.ts";
import type { FieldView } from "../../stores/views/fields.ts";
import { Controls } from "./Controls.tsx";
import { ShareBar } from "./ShareBar.tsx";
import { ShowRequest } from "./ShowRequest.tsx";

export interface FrameProps {
  v: {
    id: string;
    title: Text;
    /** The shared model's name, shown so every widget says what it sizes. */
    model?: Text | null;
    /** The request the results come from ("Show the request"); null while a field needs fixing. */
    request?: string | null;
    controls: readonly FieldView[];
  };
  s: Say;
  t: Strings;
  lang: string;
  hydrated: boolean;
  /** Controls the view does not describe as fields (the model picker's search). */
  extra?: ComponentChildren;
  children: ComponentChildren;
}

export function Frame({ v, s, t, lang, hydrated, extra, children }: FrameProps) {
  return (
    <section
      class="calc print-keep"
      aria-labelledby={`${v.id}-title`}
      data-hydrated={hydrated ? "true" : "false"}
    >
      <h2 id={`${v.id}-title`}>{s(v.title)}</h2>
      {v.model && (
        <p class="calc-model">
          {t["model"]}: <strong data-model-name>{s(v.model)}</strong>
        </p>
      )}
      <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
        <Controls fields={v.controls} s={s} t={t} lang={lang} disabled={!hydrated} />
        {extra}
      </form>
      {/* Until the island has read storage and computed, the results built with the page
          (the default inputs' answer) hide behind this line (calc.css). */}
      {!hydrated && (
        <p class="calc-pending" role="status">
          {t["calc.computing"]}
        </p>
      )}
      <div class="calc-results">{children}</div>
      {v.request !== undefined && (
        <ShowRequest id={v.id} request={v.request} t={t} hydrated={hydrated} />
      )}
      <ShareBar t={t} hydrated={hydrated} />
    </section>
  );
}
