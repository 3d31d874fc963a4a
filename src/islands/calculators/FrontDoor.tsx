/**
 * The front door: what the user wants to do, the model, the few inputs that matter, and the
 * top options of the decision table, with links into the calculators that hold the same state.
 */
import type { RowPage } from "../../stores/row-state.ts";
import { frontDoorView } from "../../stores/views/front-door.ts";
import { Controls } from "./Controls.tsx";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { island } from "./hooks.ts";
import { ACT_ATTRIBUTE, Live } from "./Live.tsx";
import { ResultsBody } from "./Results.tsx";

interface Props extends WidgetProps {
  /** Paths of the detailed calculators, in the page's language. */
  links: { plan: string; training: string; serving: string; cost: string };
}

function Markup({
  v,
  s,
  t,
  lang,
  hydrated,
  links,
}: Props & Rendered<ReturnType<typeof frontDoorView.initial>>) {
  // The links open the memory page (training or inference) and the cost page on the first
  // option: on markup as built, once the engine has computed it (`Live.tsx`).
  const open = v.result.status === "ok" ? v.result.open : null;
  const on = (page: RowPage, href: string) => ({
    href,
    [ACT_ATTRIBUTE]: page,
    onClick: open ? (e: Event) => open(e, page, href) : undefined,
  });
  return (
    <section
      class="calc front-door"
      aria-labelledby="fd-title"
      data-hydrated={hydrated ? "true" : "false"}
    >
      <h2 id="fd-title">{t["fd.title"]}</h2>
      <div class="calc-controls">
        <Controls fields={v.controls} s={s} t={t} lang={lang} disabled={!hydrated} />
      </div>
      {/* On a phone the answer is below every field: this line stays in view (calc.css). */}
      {!hydrated && (
        <p class="calc-pending" role="status">
          {t["calc.computing"]}
        </p>
      )}
      <p class="fd-glance" data-testid="fd-glance">
        <Live v={v.result} as="span">
          {(x) => s(x.status === "ok" ? x.glance : x.status === "issues" ? x.title : x.text)}
        </Live>{" "}
        <a href="#fd-result">{t["fd.glanceLink"]}</a>
      </p>
      <Live v={v.result} class="fd-result" id="fd-result" data-testid="fd-result">
        {(x) => (
          <>
            <ResultsBody
              v={x}
              s={s}
              render={(r) =>
                r.none ? (
                  <p role="status">{s(r.none)}</p>
                ) : (
                  <>
                    {r.assumes && (
                      <p class="calc-assumes" data-assumes>
                        {s(r.assumes)}
                      </p>
                    )}
                    {r.limits.map((l, i) => (
                      <p key={i} class="calc-limits" data-limits>
                        {s(l)}
                      </p>
                    ))}
                    <ol class="fd-answer" data-testid="fd-answer" aria-live="polite">
                      {r.options.map((o) => {
                        const [before, option, after] = s.around(o.text, "option");
                        return (
                          <li key={o.gpu} data-gpu={o.gpu} data-gpus={o.gpus}>
                            {before}
                            <strong>{option}</strong>
                            {after}
                          </li>
                        );
                      })}
                    </ol>
                    {r.rates.map((l, i) => (
                      <p key={i} class="calc-note-text" data-rates>
                        {s(l)}
                      </p>
                    ))}
                    {r.billed && (
                      <p class="calc-note-text" data-billed>
                        {s(r.billed)}
                      </p>
                    )}
                  </>
                )
              }
            />
            <p class="fd-links">
              <a href={links.plan}>{t["fd.linkPlan"]}</a>
              {v.memory && (
                <>
                  {" · "}
                  <a {...on(v.memory, links[v.memory])}>{t["fd.linkMemory"]}</a>
                </>
              )}
              {" · "}
              <a {...on("cost", links.cost)}>{t["fd.linkCost"]}</a>
            </p>
            {v.batch && <p class="calc-note-text">{t["fd.batch"]}</p>}
          </>
        )}
      </Live>
    </section>
  );
}

export const FrontDoor = island(Markup, frontDoorView);
