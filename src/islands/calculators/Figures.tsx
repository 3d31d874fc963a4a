/** Headline results: a polite live region of `<output>` elements, each tagged for tests and print. */
export interface Figure {
  key: string;
  label: string;
  value: string;
  main?: boolean;
}

export function Figures({ items }: { items: readonly Figure[] }) {
  return (
    <dl class="calc-figures" aria-live="polite">
      {items.map((f) => (
        <div key={f.key} class={f.main ? "calc-main" : undefined}>
          <dt>{f.label}</dt>
          <dd>
            <output data-figure={f.key}>{f.value}</output>
          </dd>
        </div>
      ))}
    </dl>
  );
}
