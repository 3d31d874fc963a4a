/**
 * What the inference-memory widget shows: its inputs (an engine's own knobs only for that
 * engine), the verdict, the weights, KV cache and concurrency, and the breakdown.
 */
import { ENGINE_MEMORY } from "../../estimate/serving/engine-memory.ts";
import { BYTES_PER_GIB, BYTES_PER_MIB } from "../../estimate/units.ts";
import { msg, qty } from "../../i18n/text.ts";
import { $catalog } from "../catalog.ts";
import { $resolvedModel } from "../model.ts";
import { inferMemory } from "../results/infer-memory.ts";
import { $serving, serving } from "../serving.ts";
import { defineView } from "./define.ts";
import type { Figure } from "./result.ts";
import { fieldViews, shownFields } from "./fields.ts";
import { barView, verdictView } from "./memory.ts";
import { modelText } from "./model-name.ts";
import { gpuName, issuesAt, requestText, shown, summary } from "./result.ts";

const ID = "im";

/** The inputs this widget shows, by the table they come from. */
export const INFERENCE_MEMORY_INPUTS = {
  serving: shownFields(serving.fields, [
    "engine",
    "weightBits",
    "weightFormat",
    "kvBits",
    "contextTokens",
    "sequences",
    "gpuMemoryUtilization",
    "gpuLayers",
    "gpu",
    "tensorParallel",
    "headroom",
  ]),
};

export const inferenceMemoryView = defineView(
  [$serving, inferMemory.$request, inferMemory.$outcome, $resolvedModel, $catalog],
  (state, request, outcome, resolved, { gpus }) => {
    const value = serving.effective(state);
    const f = fieldViews({
      id: ID,
      fields: INFERENCE_MEMORY_INPUTS.serving,
      value,
      set: serving.set,
      issues: issuesAt(outcome),
      gpus,
    });
    const engine = ENGINE_MEMORY[value.engine];
    const gib = (bytes: number) => qty(bytes / BYTES_PER_GIB, "gib", 1);
    return {
      id: ID,
      title: msg("im.title"),
      model: modelText(resolved),
      request: requestText(request),
      controls: [
        f("engine"),
        f("weightBits"),
        f("weightFormat"),
        f("kvBits"),
        f("contextTokens"),
        f("sequences"),
        // The share of the GPU a pool engine reserves; the layers an engine can leave on the CPU.
        ...(engine.model === "pool" ? [f("gpuMemoryUtilization")] : []),
        ...(engine.cpuLayers ? [f("gpuLayers")] : []),
        f("gpu"),
        f("tensorParallel"),
        f("headroom"),
      ],
      result: shown(outcome, (r) => {
        const figures: Figure[] = [
          { key: "weights", label: msg("r.weights"), value: gib(r.weightBytes) },
          { key: "kv", label: msg("r.kv"), value: gib(r.kvCacheBytes) },
          {
            key: "smi",
            label: msg("r.smi"),
            value: qty(r.nvidiaSmiBytes / BYTES_PER_MIB, "mib", 0),
          },
          {
            key: "maxSeq",
            label: msg("r.maxSeq", { gpu: gpuName(gpus, value.gpu) }),
            value: qty(r.maxSequences),
          },
        ];
        if (r.kvPool)
          figures.push(
            { key: "kvPool", label: msg("r.kvPool"), value: gib(r.kvPool.bytes) },
            { key: "kvPoolTokens", label: msg("r.kvPoolTokens"), value: qty(r.kvPool.tokens) },
          );
        return {
          verdict: verdictView(r.verdict, r.headroom, gpus, "im.none"),
          details: msg("v.details"),
          explain: msg("v.explain"),
          figures,
          bar: barView(r.breakdown, r.recommendedBytes),
          summary: summary(r),
        };
      }),
    };
  },
);
