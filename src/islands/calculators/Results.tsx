/**
 * A widget's results: the estimate, or why there is none (every issue at once, each after
 * its field's label), or that it is being computed; as the page was built until the engine
 * computes (`Live.tsx`).
 */
import type { ComponentChildren } from "preact";
import type { Say } from "../../i18n/text.ts";
import type { LiveShown, Shown } from "../../stores/views/result.ts";
import { Live } from "./Live.tsx";

export interface ResultsProps<V> {
  v: Shown<V>;
  s: Say;
  render: (result: V) => ComponentChildren;
}

/** The results in a live part of their own. */
export function Results<V>({ v, s, render }: ResultsProps<V>) {
  return <Live v={v}>{(x) => <ResultsBody v={x} s={s} render={render} />}</Live>;
}

/** The results by their state, inside a live part. */
export function ResultsBody<V>({ v, s, render }: Omit<ResultsProps<V>, "v"> & { v: LiveShown<V> }) {
  if (v.status === "computing")
    return (
      <p class="calc-note-text" role="status">
        {s(v.text)}
      </p>
    );
  if (v.status === "issues")
    return (
      <div class="calc-issues" role="alert" data-issues>
        <p>{s(v.title)}</p>
        <ul>
          {v.issues.map((i, n) => {
            const [before, field, after] = s.around(i.line, "field");
            return (
              <li key={n} data-issue-field={i.field}>
                {before}
                <strong>{field}</strong>
                {after}
              </li>
            );
          })}
        </ul>
      </div>
    );
  return <>{render(v)}</>;
}
