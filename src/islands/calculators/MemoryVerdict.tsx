/**
 * A memory estimate's headline, from its view: "Rent at least X GB per GPU", whether the
 * chosen GPU holds it (with headroom, tight, or not), and the catalog GPUs that do (names,
 * smallest first) and those that hold only the peak.
 */
import type { Say } from "../../i18n/text.ts";
import type { VerdictView } from "../../stores/views/memory.ts";

export function MemoryVerdict({ v, s }: { v: VerdictView; s: Say }) {
  const [before, rent, after] = s.around(v.rent, "gb");
  return (
    <div class="calc-verdict" aria-live="polite" data-verdict>
      <p class="calc-verdict-rent">
        {before}
        <output data-figure="rent" data-rent-gb={v.rentGB}>
          {rent}
        </output>
        {after}
      </p>
      <p class="calc-note-text">{s(v.unit)}</p>
      {v.chosen && (
        <p class="calc-verdict-chosen" data-fits={v.chosen.fit}>
          {s(v.chosen.label)}{" "}
          <strong>
            <output data-figure="fits">{s(v.chosen.answer)}</output>
          </strong>{" "}
          <small>{s(v.chosen.capacity)}</small>
        </p>
      )}
      <div class="calc-fits">
        <strong>{s(v.fitsOnLabel)}</strong> <span data-fits-on>{s(v.fitsOn)}</span>
        {v.more && " "}
        {v.more && (
          <details class="calc-fits-more">
            <summary>{s(v.more.summary)}</summary>
            {s(v.more.names)}
          </details>
        )}
      </div>
      {v.tightOn && (
        <p class="calc-fits">
          <strong>{s(v.tightOn.label)}</strong> <span data-tight-on>{s(v.tightOn.names)}</span>
        </p>
      )}
    </div>
  );
}
