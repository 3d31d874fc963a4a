/**
 * The frame every widget shares: a titled region, its controls, a print-only list of the
 * inputs (controls are hidden on paper), the results (each widget puts its headline figures in
 * `Figures`, a polite live region of `<output>` elements), and the share bar.
 */
import type { ComponentChildren } from "preact";
import type { Strings } from "./format.ts";
import { ShareBar } from "./ShareBar.tsx";

export interface FrameProps {
  id: string;
  title: string;
  t: Strings;
  hydrated: boolean;
  controls: ComponentChildren;
  /** [label, value] pairs for the printed summary. */
  inputs: readonly (readonly [string, string])[];
  children: ComponentChildren;
}

export function Frame(p: FrameProps) {
  return (
    <section class="calc print-keep" aria-labelledby={`${p.id}-title`} data-hydrated={p.hydrated ? "true" : "false"}>
      <h2 id={`${p.id}-title`}>{p.title}</h2>
      <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
        {p.controls}
      </form>
      <dl class="calc-print-inputs">
        {p.inputs.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div class="calc-results">{p.children}</div>
      <ShareBar t={p.t} hydrated={p.hydrated} />
    </section>
  );
}
