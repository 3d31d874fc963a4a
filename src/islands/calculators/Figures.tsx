/** Headline results: a polite live region of `<output>` elements, each tagged for tests and print. */
import type { Say } from "../../i18n/text.ts";
import type { Figure } from "../../stores/views/result.ts";

export function Figures({ items, s }: { items: readonly Figure[]; s: Say }) {
  return (
    <dl class="calc-figures" aria-live="polite">
      {items.map((f) => (
        <div key={f.key} class={f.main ? "calc-main" : undefined}>
          <dt>{s(f.label)}</dt>
          <dd>
            <output data-figure={f.key}>{s(f.value)}</output>
          </dd>
        </div>
      ))}
    </dl>
  );
}
