/** What the throughput widget shows: decode and prefill speed, first-token time, the bound. */
import { msg, qty } from "../../i18n/text.ts";
import { $catalog } from "../catalog.ts";
import { $resolvedModel } from "../model.ts";
import { decodeSpeed } from "../results/decode-speed.ts";
import { $serving, serving } from "../serving.ts";
import { defineView } from "./define.ts";
import { fieldViews, shownFields } from "./fields.ts";
import { modelText } from "./model-name.ts";
import { likelyMessage } from "./likely.ts";
import { issuesAt, requestText, shown, summary } from "./result.ts";

const ID = "tp";

/** The inputs this widget shows, by the table they come from. */
export const THROUGHPUT_INPUTS = {
  serving: shownFields(serving.fields, [
    "gpu",
    "tensorParallel",
    "gpuLink",
    "engine",
    "weightBits",
    "weightFormat",
    "sequences",
    "arrival",
    "contextTokens",
    "promptTokens",
    "outputTokens",
  ]),
};

export const throughputView = defineView(
  [$serving, decodeSpeed.$request, decodeSpeed.$outcome, $resolvedModel, $catalog],
  (state, request, outcome, resolved, { gpus }) => {
    const value = serving.effective(state);
    const f = fieldViews({
      id: ID,
      fields: THROUGHPUT_INPUTS.serving,
      value,
      set: serving.set,
      issues: issuesAt(outcome),
      gpus,
    });
    const perSecond = (n: number) => qty(n, "tokens-per-second");
    return {
      id: ID,
      title: msg("tp.title"),
      model: modelText(resolved),
      request: requestText(request),
      controls: [
        f("gpu"),
        f("tensorParallel"),
        // How the GPUs are joined matters only with more than one.
        ...(value.tensorParallel > 1 ? [f("gpuLink")] : []),
        f("engine"),
        f("weightBits"),
        f("weightFormat"),
        f("sequences"),
        f("arrival"),
        f("contextTokens"),
        f("promptTokens"),
        f("outputTokens"),
      ],
      result: shown(outcome, (r) => ({
        figures: [
          {
            key: "decode",
            label: msg("r.decode"),
            value: likelyMessage(r.tokensPerSecond, r.tokensPerSecondRange, "tokens-per-second"),
            main: true,
          },
          {
            key: "perSeq",
            label: msg("r.perSeq"),
            value: likelyMessage(
              r.tokensPerSecondPerSequence,
              r.tokensPerSecondPerSequenceRange,
              "tokens-per-second",
            ),
          },
          { key: "bound", label: msg("r.bound"), value: perSecond(r.boundTokensPerSecond) },
          { key: "limit", label: msg("r.limitedBy"), value: msg(`opt.${r.limitedBy}`) },
          { key: "prefill", label: msg("r.prefill"), value: perSecond(r.prefillTokensPerSecond) },
          {
            key: "ttft",
            label: msg("r.ttft"),
            // Requests that queue for prefill together (a burst, a round of users in step)
            // wait unlike each other: their spread says more than their mean.
            value:
              r.ttftP90Seconds !== r.ttftSeconds
                ? msg("r.ttftSpread", {
                    mean: likelyMessage(r.ttftSeconds, r.ttftRange, "seconds"),
                    p50: qty(r.ttftMedianSeconds, "seconds"),
                    p90: qty(r.ttftP90Seconds, "seconds"),
                  })
                : likelyMessage(r.ttftSeconds, r.ttftRange, "seconds"),
          },
          {
            key: "ttftLikely",
            label: msg("r.ttftLikely"),
            value: msg(`likely.basis.${r.ttftRange.basis}`, {
              runs: r.ttftRange.runs,
              sources: r.ttftRange.sources,
            }),
          },
          {
            key: "rps",
            label: msg("r.rps"),
            value: likelyMessage(r.requestsPerSecond, r.requestsPerSecondRange, undefined),
          },
          {
            key: "likely",
            label: msg("r.likely"),
            value: msg(`likely.basis.${r.tokensPerSecondRange.basis}`, {
              runs: r.tokensPerSecondRange.runs,
              sources: r.tokensPerSecondRange.sources,
            }),
          },
        ],
        summary: summary(r),
      })),
    };
  },
);
