/** Decode and prefill tokens/s, time to first token and requests/s on the chosen GPU(s), with the bound named. */
import type { GpuSpec } from "../../estimate/gpu.ts";
import { $inference, setInference, $model } from "../../stores/calc.ts";
import { speed } from "./speed.ts";
import type { Hydration, Strings } from "./ui.ts";
import {
  Figures,
  Frame,
  ResultSummary,
  SelectField,
  WEIGHT_BITS,
  bind,
  findGpu,
  gpuChoices,
  num,
  tr,
  island,
  read,
} from "./ui.ts";

export interface ThroughputProps {
  t: Strings;
  lang: string;
  gpus: GpuSpec[];
}

function View({ t, lang, gpus, hydrated }: ThroughputProps & Hydration) {
  const m = read($model, hydrated);
  const s = read($inference, hydrated);
  const gpu = findGpu(gpus, s.gpu) ?? gpus[0];
  const id = "tp";
  const { n, sel } = bind(id, s, setInference, t, lang, !hydrated);
  const r = gpu ? speed(m, s, gpu) : null;
  return (
    <Frame
      id={id}
      title={tr(t, "tp.title")}
      t={t}
      hydrated={hydrated}
      model={m.name}
      controls={
        <>
          <SelectField
            id={`${id}-gpu`}
            label={tr(t, "f.gpu")}
            value={s.gpu}
            choices={gpuChoices(gpus)}
            onValue={(v) => setInference({ gpu: v })}
            disabled={!hydrated}
          />
          {n("gpus", tr(t, "unit.gpus"), 1, 64)}
          {sel("weightBits", WEIGHT_BITS)}
          {sel("engine", ["vllm", "llama.cpp", "pytorch"])}
          {n("sequences", tr(t, "unit.sequences"), 1, 4096)}
          {n("context", tr(t, "unit.tokens"), 1, 2097152)}
          {n("promptTokens", tr(t, "unit.tokens"), 1, 2097152)}
          {n("outputTokens", tr(t, "unit.tokens"), 1, 1048576)}
        </>
      }
    >
      {r && (
        <>
          <Figures
            items={[
              {
                key: "decode",
                label: tr(t, "r.decode"),
                value: `${num(lang, r.decode.tokensPerSecond)} tokens/s`,
                main: true,
              },
              {
                key: "perSeq",
                label: tr(t, "r.perSeq"),
                value: `${num(lang, r.decode.tokensPerSecondPerSequence)} tokens/s`,
              },
              {
                key: "bound",
                label: tr(t, "r.bound"),
                value: `${num(lang, r.decode.boundTokensPerSecond)} tokens/s`,
              },
              {
                key: "limit",
                label: tr(t, "r.limitedBy"),
                value: tr(t, `opt.${r.decode.limitedBy}`),
              },
              {
                key: "prefill",
                label: tr(t, "r.prefill"),
                value: `${num(lang, r.prefill.tokensPerSecond)} tokens/s`,
              },
              { key: "ttft", label: tr(t, "r.ttft"), value: `${num(lang, r.prefill.seconds)} s` },
              { key: "rps", label: tr(t, "r.rps"), value: num(lang, r.serving.requestsPerSecond) },
            ]}
          />
          <ResultSummary
            assumptions={r.decode.assumptions}
            warnings={r.decode.warnings}
            t={t}
            lang={lang}
          />
        </>
      )}
    </Frame>
  );
}

export const Throughput = island(View, [$model, $inference]);
