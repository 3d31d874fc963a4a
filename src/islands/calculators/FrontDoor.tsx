/**
 * The front door: what the user wants to do, the model, the few inputs that matter, and the
 * top options of the decision table, with links into the calculators that hold the same state.
 */
import type { PlanRow } from "../../estimate/plan-row.ts";
import { num, tr } from "../../i18n/format.ts";
import { $catalog } from "../../stores/catalog.ts";
import { $fit, fit } from "../../stores/fit.ts";
import { $goal, chooseGoal, choosePreset, GOALS, goalOf } from "../../stores/front-door.ts";
import type { Goal } from "../../stores/front-door.ts";
import { $job, job } from "../../stores/job.ts";
import { $model, model } from "../../stores/model.ts";
import { plan } from "../../stores/results/plan.ts";
import { $serving, serving } from "../../stores/serving.ts";
import { $training } from "../../stores/training.ts";
import { fieldInputs } from "./FieldInput.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { Results } from "./ResultSummary.tsx";
import { SelectField } from "./SelectField.tsx";
import { verdictText } from "./verdict-text.ts";

/** Options shown: the first rows of distinct GPUs that run, in the plan's order. */
const TOP = 3;

const topRows = (best: readonly PlanRow[]): PlanRow[] =>
  best.filter((r) => r.verdict !== "does-not-fit").slice(0, TOP);

interface Props extends WidgetProps {
  /** Paths of the detailed calculators, in the page's language. */
  links: { plan: string; memory: string; serving: string; cost: string };
}

function View({ t, lang, hydrated, links }: Props & Hydration) {
  const { presets } = $catalog.get();
  const goal = goalOf(read($fit, hydrated), read($training, hydrated));
  const m = model.effective(read($model, hydrated));
  const { outcome } = readTask(plan, hydrated);
  const id = "fd";
  const common = { id, gpus: $catalog.get().gpus, t, lang, disabled: !hydrated };
  const j = fieldInputs({
    ...common,
    fields: job.fields,
    value: job.effective(read($job, hydrated)),
    set: job.set,
  });
  const fitValue = fit.effective(read($fit, hydrated));
  const f = fieldInputs({ ...common, fields: fit.fields, value: fitValue, set: fit.set });
  const s = fieldInputs({
    ...common,
    fields: serving.fields,
    value: serving.effective(read($serving, hydrated)),
    set: serving.set,
  });
  const serve = goal === "serve";
  const batch = goal === "batch";
  return (
    <section
      class="calc front-door"
      aria-labelledby="fd-title"
      data-hydrated={hydrated ? "true" : "false"}
    >
      <h2 id="fd-title">{tr(t, "fd.title")}</h2>
      <div class="calc-controls">
        <SelectField
          id="fd-goal"
          label={tr(t, "fd.goal")}
          value={goal}
          choices={GOALS.map((g) => ({ value: g, label: tr(t, `fd.goal.${g}`) }))}
          onValue={(v) => chooseGoal(v as Goal)}
          disabled={!hydrated}
        />
        {!batch && (
          <SelectField
            id="fd-model"
            label={tr(t, "fd.model")}
            value={m["kind"] === "preset" ? String(m["preset"]) : ""}
            choices={[
              ...(m["kind"] === "preset" ? [] : [{ value: "", label: tr(t, "fd.modelOwn") }]),
              ...presets.map((p) => ({ value: p.id, label: p.name })),
            ]}
            onValue={choosePreset}
            disabled={!hydrated}
          />
        )}
        {batch ? (
          <>
            {f("secondsPerFrame")}
            {f("frames")}
            {f("measuredOn")}
            {j("deadlineHours")}
          </>
        ) : serve ? (
          <>
            {f("users")}
            {f("outputTokensPerSecondPerUser")}
            {s("contextTokens")}
          </>
        ) : (
          <>
            {j("tokens")}
            {j("deadlineHours")}
          </>
        )}
        {f("currency")}
      </div>
      <Results
        outcome={outcome}
        t={t}
        lang={lang}
        render={(r) => {
          const rows = topRows(r.best);
          return rows.length === 0 ? (
            <p role="status">
              {tr(t, "pt.none", { max: num(lang, Number(fitValue["maxGpus"]), 0) })}
            </p>
          ) : (
            <ol class="fd-answer" data-testid="fd-answer" aria-live="polite">
              {rows.map((x) => (
                <li key={x.gpu} data-gpu={x.gpu} data-gpus={x.gpus}>
                  <strong>{`${num(lang, x.gpus, 0)} × ${x.gpuName}`}</strong>
                  {`: ${batch ? tr(t, `shape.${x.shape}`) : verdictText(x, t)}`}
                  {x.hours !== null &&
                    !serve &&
                    `, ${num(lang, x.hours, 1)} ${tr(t, "unit.hours")}`}
                  {serve &&
                    x.tokensPerSecondPerUser !== undefined &&
                    `, ${tr(t, "fd.perUser", { rate: num(lang, x.tokensPerSecondPerUser, 1) })}`}
                  {x.cost !== null
                    ? `, ${num(lang, serve ? (x.costPerMillionTokens ?? null) : x.cost, 2)} ${r.currency}${serve ? tr(t, "fd.perMillion") : ""}`
                    : `, ${tr(t, "pr.no-price")}`}
                </li>
              ))}
            </ol>
          );
        }}
      />
      <p class="fd-links">
        <a href={links.plan}>{tr(t, "fd.linkPlan")}</a>
        {!batch && (
          <>
            {" · "}
            <a href={serve ? links.serving : links.memory}>{tr(t, "fd.linkMemory")}</a>
          </>
        )}
        {" · "}
        <a href={links.cost}>{tr(t, "fd.linkCost")}</a>
      </p>
      {batch && <p class="calc-note-text">{tr(t, "fd.batch")}</p>}
    </section>
  );
}

export const FrontDoor = island(View, [
  $goal,
  $model,
  $job,
  $fit,
  $serving,
  $training,
  plan.$outcome,
]);
