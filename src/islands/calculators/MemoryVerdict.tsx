/**
 * A memory estimate's headline, rendered from the core's `verdict`: "Rent at least X GB per
 * GPU", whether the chosen GPU holds it, and the catalog GPUs that do (names, smallest
 * first). Every number comes from the verdict; this only formats and lists it.
 */
import type { ComponentChildren } from "preact";
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { MemoryVerdict as Verdict } from "../../estimate/memory-views.ts";
import { BYTES_PER_GB } from "../../estimate/units.ts";
import type { Strings } from "../../i18n/format.ts";
import { gb, num, pct, tr } from "../../i18n/format.ts";

/** How many GPU names the list shows before "and N more". */
export const FITS_SHOWN = 5;

export interface MemoryVerdictProps {
  verdict: Verdict;
  /** The headroom the need includes (the estimate's `headroom`). */
  headroom: number;
  gpus: readonly GpuSpec[];
  /** What to say when no catalog GPU holds the need. */
  noneKey: string;
  t: Strings;
  lang: string;
}

/** A translated sentence with one `{name}` placeholder filled by an element. */
function fill(template: string, name: string, node: ComponentChildren): ComponentChildren {
  const [before, after] = template.split(`{${name}}`);
  return after === undefined ? (
    template
  ) : (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

export function MemoryVerdict(p: MemoryVerdictProps) {
  const { verdict: v, t, lang } = p;
  const name = (id: string) => p.gpus.find((g) => g.id === id)?.name ?? id;
  const rent = (
    <output data-figure="rent" data-rent-gb={v.rentGB}>
      {gb(lang, v.rentGB * BYTES_PER_GB)}
    </output>
  );
  const template =
    v.gpus > 1 ? tr(t, "v.rentGpus", { count: num(lang, v.gpus, 0) }) : tr(t, "v.rent");
  const shown = v.fitsOn.slice(0, FITS_SHOWN);
  const rest = v.fitsOn.length - shown.length;
  const sep = tr(t, "fig.separator");
  return (
    <div class="calc-verdict" aria-live="polite" data-verdict>
      <p class="calc-verdict-rent">{fill(template, "gb", rent)}</p>
      <p class="calc-note-text">{tr(t, "v.unit", { headroom: pct(lang, p.headroom) })}</p>
      {v.chosen && (
        <p class="calc-verdict-chosen" data-fits={v.chosen.fits ? "yes" : "no"}>
          {tr(t, "v.chosen", { gpu: name(v.chosen.gpuId) })}{" "}
          <strong>
            <output data-figure="fits">{tr(t, v.chosen.fits ? "yes" : "no")}</output>
          </strong>{" "}
          <small>{tr(t, "v.capacity", { capacity: gb(lang, v.chosen.capacityBytes) })}</small>
        </p>
      )}
      <div class="calc-fits">
        <strong>{tr(t, "v.fitsOn")}</strong>{" "}
        <span data-fits-on>
          {v.fitsOn.length === 0 ? tr(t, p.noneKey) : shown.map(name).join(sep)}
        </span>
        {rest > 0 && " "}
        {rest > 0 && (
          <details class="calc-fits-more">
            <summary>{tr(t, "v.more", { count: num(lang, rest, 0) })}</summary>
            {v.fitsOn.slice(FITS_SHOWN).map(name).join(sep)}
          </details>
        )}
      </div>
    </div>
  );
}
