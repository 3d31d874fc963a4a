/**
 * The frame every widget shares: a titled region, its controls (printed as plain
 * "label value" text by calc.css, so no second copy of the inputs ships), the results (each
 * widget puts its headline figures in `Figures`, a polite live region of `<output>`
 * elements), the request behind them, and the share bar.
 */
import type { ComponentChildren } from "preact";
import type { Strings } from "../../i18n/format.ts";
import type { Built } from "../../stores/requests.ts";
import { ShareBar } from "./ShareBar.tsx";
import { ShowRequest } from "./ShowRequest.tsx";

export interface FrameProps {
  id: string;
  title: string;
  t: Strings;
  hydrated: boolean;
  /** The shared model's name, shown so every widget says what it sizes. */
  model?: string | undefined;
  /** The request the results come from ("Show the request"). */
  request?: Built | undefined;
  controls: ComponentChildren;
  children: ComponentChildren;
}

export function Frame(p: FrameProps) {
  return (
    <section
      class="calc print-keep"
      aria-labelledby={`${p.id}-title`}
      data-hydrated={p.hydrated ? "true" : "false"}
    >
      <h2 id={`${p.id}-title`}>{p.title}</h2>
      {p.model && (
        <p class="calc-model">
          {p.t["model"]}: <strong data-model-name>{p.model}</strong>
        </p>
      )}
      <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
        {p.controls}
      </form>
      <div class="calc-results">{p.children}</div>
      {p.request && <ShowRequest id={p.id} request={p.request} t={p.t} hydrated={p.hydrated} />}
      <ShareBar t={p.t} hydrated={p.hydrated} />
    </section>
  );
}
