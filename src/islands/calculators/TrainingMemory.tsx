/** Training memory per GPU: allocator peak, nvidia-smi view, memory to rent, breakdown, GPUs that fit. */
import { trainingMemory } from "../../estimate/training-memory.ts";
import { fitGpu } from "../../estimate/fit-rank.ts";
import { $model } from "../../stores/model.ts";
import { $training, setTraining } from "../../stores/training.ts";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { ResultSummary, StackedBar } from "./ResultSummary.tsx";
import { SelectField } from "./SelectField.tsx";
import { bind } from "./bind.tsx";
import { findGpu, trainingInput } from "./inputs.ts";
import { gb, gib, mib, num, tr } from "../../i18n/format.ts";
import { gpuChoices } from "./choices.ts";
import { island, read } from "./hooks.ts";
// Bundling: every widget references the model picker, so the picker and the UI they all
// share travel in one chunk instead of several small ones (see ModelPicker.tsx).
export { ModelPicker } from "./ModelPicker.tsx";

function View({ t, lang, gpus, hydrated }: WidgetProps & Hydration) {
  const m = read($model, hydrated);
  const s = read($training, hydrated);
  const gpu = findGpu(gpus, s.gpu);
  const r = trainingMemory(trainingInput(m, s, gpu));
  const fitting = gpus.filter(
    (g) =>
      fitGpu(g, {
        memoryPerGpu: () => r.nvidiaSmiBytes,
        flops: null,
        format: "bf16",
        mfu: 1,
        scaling: 1,
        splitNeedsFastLink: false,
        memoryBound: false,
        headroom: r.headroom,
        maxGpus: 1,
      }).fits,
  );
  const id = "tm";
  const d = !hydrated;
  const { n, sel, chk } = bind(id, s, setTraining, t, lang, d);
  return (
    <Frame
      id={id}
      title={tr(t, "tm.title")}
      t={t}
      hydrated={hydrated}
      model={m.name}
      controls={
        <>
          {sel("precision", ["bf16-mixed", "fp16-mixed", "bf16", "fp32"])}
          {sel("optimizer", ["adamw", "adam-8bit", "sgd-momentum", "adafactor"])}
          {n("microBatch", tr(t, "unit.sequences"), 1, 4096)}
          {n("seqLen", tr(t, "unit.tokens"), 1, 1048576)}
          {n("gradAccum", tr(t, "unit.steps"), 1, 4096)}
          {sel("recompute", ["none", "selective", "full"])}
          {chk("flash")}
          {sel("lora", ["none", "lora", "qlora"])}
          {n("loraRank", "", 1, 1024)}
          {n("gpus", tr(t, "unit.gpus"), 1, 1024)}
          {n("tp", tr(t, "unit.gpus"), 1, 64)}
          {sel("sharding", ["none", "zero1", "zero2", "zero3", "fsdp"])}
          {sel("offload", ["none", "optimizer", "optimizer+params"])}
          {n("headroomPct", "%", 0, 100, false)}
          <SelectField
            id={`${id}-gpu`}
            label={tr(t, "f.gpu")}
            value={s.gpu}
            choices={gpuChoices(gpus)}
            onValue={(v) => setTraining({ gpu: v })}
            disabled={d}
          />
        </>
      }
    >
      <Figures
        items={[
          { key: "allocator", label: tr(t, "r.allocator"), value: gib(lang, r.allocatorPeakBytes) },
          { key: "smi", label: tr(t, "r.smi"), value: mib(lang, r.nvidiaSmiBytes) },
          { key: "rent", label: tr(t, "r.rent"), value: gb(lang, r.recommendedBytes), main: true },
          {
            key: "trainable",
            label: tr(t, "r.trainable"),
            value: `${num(lang, r.trainableParams / 1e6, 1)} M`,
          },
        ]}
      />
      <StackedBar
        items={r.breakdown}
        total={r.recommendedBytes}
        caption={tr(t, "r.breakdownGiB")}
        show={(v) => gib(lang, v)}
        t={t}
      />
      <p class="calc-fits">
        <strong>{tr(t, "r.fitsOne")}</strong>{" "}
        {fitting.length ? fitting.map((g) => g.name).join(", ") : tr(t, "r.none")}
      </p>
      <ResultSummary assumptions={r.assumptions} warnings={r.warnings} t={t} lang={lang} />
    </Frame>
  );
}

export const TrainingMemory = island(View, [$model, $training]);
