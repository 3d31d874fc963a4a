import { defineStrings, format } from "./define.ts";
import { HTML_LANG, type Lang } from "./lang.ts";
import { errorSpread } from "../accuracy/training-throughput.ts";

/** Strings of the accuracy table (the estimator against published measurements). */
export const accuracyStrings = defineStrings(
  {
    caption:
      "Validation: the estimator against published measurements no constant was fitted to. Signed error = (estimate − measured) / measured. Computed when the site is built, by the same code as the calculators.",
    calibrationTitle: "Calibration rows (not scored)",
    calibrationCaption:
      "Decode-speed measurements, single-stream and batched, the step constants were fitted to (per engine and weight format: the achieved share of memory bandwidth, a cost per layer and, where batches reach it, the share of the dense peak; per link: the all-reduce latency). Their errors are in-sample: they show how well the mechanism fits, not how well it predicts.",
    calibrationSummary: "{count} rows; in-sample median |error| {median}; largest {max}.",
    summaryDecode: "Decode-speed rows: {count}; median |error| {median}; largest |error| {max}.",
    id: "Row",
    case: "Configuration",
    measures: "What the source measured",
    estimate: "Estimate",
    measured: "Measured",
    unit: "Unit",
    error: "Signed error",
    summaryMemory: "Memory rows: {count}; median |error| {median}; largest |error| {max}.",
    excludedTitle: "Rows the estimator does not express",
    trainingSummaryValidation:
      "Validation (2025–2026 publications, nothing fitted to them): {count} runs; median |error| {median}; 90th percentile {p90}.",
    trainingSummarySplit: "Of these, dense models: {dense} Mixture-of-experts models: {moe}",
    trainingSummaryPart: "{count} runs, median {median}, 90th percentile {p90}.",
    trainingSummaryCalibration:
      "Calibration (2023–2024 publications the utilisation table is the median of): {count} runs; in-sample median |error| {median}; 90th percentile {p90}.",
    trainingValidationCaption:
      "Validation: training tokens per second per GPU, estimated by the compute-time calculator's own code from each run's model, GPUs, layout, precision and batch, against what the publication measured. Signed error = (estimate − measured) / measured.",
    trainingCalibrationCaption:
      "Calibration: the runs the utilisation table was fitted on (each entry is the median of its runs). Their errors are in-sample: how well the mechanism fits, not how well it predicts.",
    trainingHeldOutTitle: "Leave one source out",
    trainingHeldOutIntro:
      "Each publication's runs estimated with a utilisation table fitted without that publication: a calibration publication's runs against the table the other calibration publications give, a validation publication's against the shipped table (no validation run is fitted on). No run is scored by a constant its own source helped set. These errors and the held-out runs below, not the in-sample ones, set the likely range every training time carries: the 10th to 90th percentile of estimated ÷ measured, full training of dense models, mixture-of-experts models and LoRA/QLoRA adapters apart, each publication counting the same however many runs it has.",
    trainingHeldOutSummary:
      "All {count} runs, each scored without its own source: median |error| {median}; 90th percentile {p90}.",
    trainingHeldOutCaption:
      "Leave-one-source-out error by publication: runs, median and 90th-percentile |error|, and whether the publication's runs help fit the shipped table.",
    source: "Publication",
    runs: "Runs",
    median: "Median |error|",
    p90: "90th percentile",
    fitsTable: "Fits the table",
    yes: "yes",
    no: "no",
    trainingHoldoutTitle: "Held-out runs gathered later",
    trainingHoldoutIntro:
      "Runs from publications that are none of the above (content/reference/holdout-training.tsv), gathered after the table was fitted and never fitted on, scored against the shipped table. Their errors join the likely ranges with the ones above.",
    trainingHoldoutSummary: "{count} runs: median |error| {median}; 90th percentile {p90}.",
    trainingHoldoutCaption:
      "Held-out runs: tokens per second per GPU, estimated against what the publication measured. Signed error = (estimate − measured) / measured.",
    trainingHoldoutSourcesCaption: "Held-out runs by publication.",
    trainingExcludedTitle: "Published runs not used, and why",
    excludedPipelineUnstated:
      "pipeline-parallel rows whose micro-batch size and interleaving the README does not state, so their bubble cannot be taken out",
    excludedNoThroughput:
      "its reference mapping (128 GPUs, TP 4, EP 2, PP 8, VP 7) comes with no throughput",
    excludedVirtualStagesUnstated:
      "405B on 8k-16k H100s with pipeline parallel 16: the interleaved schedule's virtual stages are not stated",
    excludedH100Variant:
      "measured on a 500 W HBM2e 96 GB H100 variant the catalog does not hold (its peak lies between SXM and NVL, per the source)",
    excludedA100Sxm40: "A100 40GB SXM nodes; the catalog holds only the 40GB PCIe card",
    excludedQuantisedOrOffload:
      "NF4 dequantisation and CPU optimizer offload are not in the time model",
    excludedShapes:
      "hybrid Mamba layers (Nemotron V3) and Kimi K2's shape are not models the estimator describes",
    rowsSummary: "The table's {count} rows",
    servingTitle: "Serving throughput: engines serving many users",
    servingSplit:
      "Published serving runs (content/reference/serving-throughput.tsv): an engine serving a model to a number of users at once, with the prompt and output lengths the run used. They are split into calibration and validation by document, never within one, before any fit: calibration runs joined the fit of the step constants; validation runs never did.",
    servingSharedPublishers:
      "Some publishers supply both sides through different documents ({publishers}): their validation runs never joined the fit, but constants fitted on the same publisher's other setups price them. Without them:",
    servingIndependentSummary:
      "dense models {count} runs, median |error| {median}, 90th percentile {p90};",
    servingIndependentMoeSummary:
      "mixture-of-experts models {count} runs, median |error| {median}, 90th percentile {p90}.",
    servingPublishersCaption:
      "Serving validation by publisher: runs, median and 90th-percentile |error|, and whether the publisher's other documents help fit the step constants that price its runs.",
    servingFitsConstants: "Also fits the constants",
    servingLosoIntro:
      "Leave one publisher out: each publisher's decode rows and serving runs estimated with step constants fitted without any of its data (an engine only that publisher calibrated then runs on the fallbacks of an uncalibrated engine), the others' with the shipped constants, which they never touched.",
    servingLosoSummary:
      "Each scored without its publisher, dense models: {count} rows, median |error| {median}, 90th percentile {p90};",
    servingLosoMoeSummary:
      "mixture-of-experts models: {count} rows, median |error| {median}, 90th percentile {p90}.",
    servingLosoCaption:
      "Serving, leave one publisher out: runs, median and 90th-percentile |error|, and whether the publisher's data joins the shipped fit.",
    fitsConstants: "Fits the constants",
    servingValidationCaption:
      "Validation: output tokens/s over all users, estimated for the run's users and lengths by the decode-speed task, against what the source measured. Signed error = (estimate − measured) / measured.",
    servingValidationSummary:
      "Dense models: {count} runs; median |error| {median}; 90th percentile {p90}; largest {max}.",
    servingValidationMoeSummary:
      "Mixture-of-experts models: {count} runs; median |error| {median}; 90th percentile {p90}; largest {max}.",
    servingCalibrationCaption:
      "Calibration: serving runs the step constants were fitted to. Their errors are in-sample.",
    servingCalibrationSummary:
      "{count} runs; in-sample median |error| {median}; 90th percentile {p90}; largest {max}.",
  },
  {
    caption:
      "验证：估算与未参与任何常数拟合的公开实测对比。带符号误差 = (估算 − 实测) / 实测。构建站点时由与计算器相同的代码算出。",
    calibrationTitle: "校准数据（不计分）",
    calibrationCaption:
      "用于拟合计算步常数的解码速度实测，含单流与批量（按引擎与权重格式拟合达到的显存带宽比例、每层开销，以及批量够大时达到的稠密峰值比例；按互连拟合 all-reduce 延迟）。其误差是样本内误差：说明机制拟合得如何，而不是预测得如何。",
    calibrationSummary: "共 {count} 行；样本内 |误差| 中位数 {median}，最大 {max}。",
    summaryDecode: "解码速度类共 {count} 行，|误差| 中位数 {median}，最大 {max}。",
    id: "行",
    case: "配置",
    measures: "来源测量的是什么",
    estimate: "估算",
    measured: "实测",
    unit: "单位",
    error: "带符号误差",
    summaryMemory: "显存类数据共 {count} 行，|误差| 中位数 {median}，最大 {max}。",
    excludedTitle: "估算模块未覆盖的数据行",
    trainingSummaryValidation:
      "验证（2025–2026 年发布的数据，没有任何常数据此拟合）：共 {count} 次运行，|误差| 中位数 {median}，90 分位 {p90}。",
    trainingSummarySplit: "其中稠密模型：{dense}混合专家（MoE）模型：{moe}",
    trainingSummaryPart: "{count} 次运行，中位数 {median}，90 分位 {p90}。",
    trainingSummaryCalibration:
      "校准（2023–2024 年发布的数据，利用率表取其中位数）：共 {count} 次运行，样本内 |误差| 中位数 {median}，90 分位 {p90}。",
    trainingValidationCaption:
      "验证：每卡每秒训练 token 数。估算由训练时间计算器的同一套代码，根据每次运行的模型、GPU、并行方式、精度和批大小算出，与发布方的实测对比。带符号误差 = (估算 − 实测) / 实测。",
    trainingCalibrationCaption:
      "校准：利用率表据以拟合的运行（每个表项取其运行的中位数）。其误差是样本内误差：说明机制拟合得如何，而不是预测得如何。",
    trainingHeldOutTitle: "留一来源验证",
    trainingHeldOutIntro:
      "每个来源的运行，都用不含该来源的数据拟合出的利用率表来估算：校准来源的运行对照其余校准来源拟合的表，验证来源的运行对照随站点发布的表（验证数据从不参与拟合）。没有任何一行由其自身来源参与设定的常数来打分。每个训练时间所附的可能范围，取自这些误差和下方的留出运行，而不是样本内误差：估算值 ÷ 实测值的 10 至 90 分位，稠密模型全参数训练、混合专家模型与 LoRA/QLoRA 适配器训练分开统计，每个来源无论运行多少都权重相同。",
    trainingHeldOutSummary:
      "全部 {count} 次运行，各自在不含其来源的情况下打分：|误差| 中位数 {median}，90 分位 {p90}。",
    trainingHeldOutCaption:
      "按来源的留一来源误差：运行数、|误差| 中位数与 90 分位，以及该来源的运行是否参与拟合随站点发布的表。",
    source: "来源",
    runs: "运行数",
    median: "|误差| 中位数",
    p90: "90 分位",
    fitsTable: "参与拟合",
    yes: "是",
    no: "否",
    trainingHoldoutTitle: "事后收集的留出运行",
    trainingHoldoutIntro:
      "来自上述来源以外的公开运行（content/reference/holdout-training.tsv），在利用率表拟合之后收集，从不参与拟合，对照随站点发布的表打分。它们的误差与上方的误差一起构成可能范围。",
    trainingHoldoutSummary: "{count} 次运行：|误差| 中位数 {median}，90 分位 {p90}。",
    trainingHoldoutCaption:
      "留出运行：每卡每秒训练 token 数，估算与来源实测对比。带符号误差 = (估算 − 实测) / 实测。",
    trainingHoldoutSourcesCaption: "按来源的留出运行。",
    trainingExcludedTitle: "读过但未采用的公开数据及原因",
    excludedPipelineUnstated:
      "这些流水线并行的数据行，README 没有写明微批次大小和交错方式，无法扣除流水线空泡",
    excludedNoThroughput: "只给了参考并行布局（128 张卡，TP 4、EP 2、PP 8、VP 7），没有给吞吐",
    excludedVirtualStagesUnstated:
      "405B 在 8k–16k 张 H100 上、流水线并行 16：没有写明交错调度的虚拟段数",
    excludedH100Variant:
      "测于一种 500 W、96 GB HBM2e 的 H100 变体，目录中没有这种卡（据来源，其峰值介于 SXM 与 NVL 之间）",
    excludedA100Sxm40: "A100 40GB SXM 节点；目录中只有 40GB 的 PCIe 卡",
    excludedQuantisedOrOffload: "时间模型不包含 NF4 反量化和把优化器卸载到 CPU",
    excludedShapes: "Nemotron V3 的混合 Mamba 层和 Kimi K2 的结构不在估算器能描述的模型之内",
    rowsSummary: "表中 {count} 行数据",
    servingTitle: "推理服务吞吐：引擎同时服务多个用户",
    servingSplit:
      "公开的推理服务实测（content/reference/serving-throughput.tsv）：某个引擎同时为若干用户提供某个模型，附该次实测的提示词与输出长度。拟合之前即按文档划分为校准与验证，同一文档不拆分：校准数据参与了计算步常数的拟合，验证数据从未参与。",
    servingSharedPublishers:
      "有的发布方通过不同文档同时提供了两边的数据（{publishers}）：其验证数据从未参与拟合，但给它们定价的常数是用同一发布方其他配置的数据拟合的。去掉这些之后：",
    servingIndependentSummary: "稠密模型 {count} 组，|误差| 中位数 {median}，90 百分位 {p90}；",
    servingIndependentMoeSummary:
      "混合专家（MoE）模型 {count} 组，|误差| 中位数 {median}，90 百分位 {p90}。",
    servingPublishersCaption:
      "推理服务验证按发布方汇总：组数、|误差| 中位数与 90 百分位，以及该发布方的其他文档是否参与了给这些数据定价的计算步常数的拟合。",
    servingFitsConstants: "其他文档参与拟合",
    servingLosoIntro:
      "逐个排除发布方：每个发布方的解码数据与服务实测，都用不含该发布方任何数据拟合出的计算步常数来估算（只有该发布方校准过的引擎，此时按未校准引擎的备用常数计算）；其余发布方从未参与拟合，用发布的常数估算。",
    servingLosoSummary:
      "每组都不用自己发布方的数据。稠密模型 {count} 组，|误差| 中位数 {median}，90 百分位 {p90}；",
    servingLosoMoeSummary:
      "混合专家（MoE）模型 {count} 组，|误差| 中位数 {median}，90 百分位 {p90}。",
    servingLosoCaption:
      "推理服务逐个排除发布方后的误差：组数、|误差| 中位数与 90 百分位，以及该发布方的数据是否参与发布常数的拟合。",
    fitsConstants: "参与常数拟合",
    servingValidationCaption:
      "验证：按该次实测的用户数与长度，由 decode-speed 任务估算全部用户的输出 token/s，与来源实测对比。带符号误差 = (估算 − 实测) / 实测。",
    servingValidationSummary:
      "稠密模型：共 {count} 组；|误差| 中位数 {median}，90 百分位 {p90}，最大 {max}。",
    servingValidationMoeSummary:
      "混合专家（MoE）模型：共 {count} 组；|误差| 中位数 {median}，90 百分位 {p90}，最大 {max}。",
    servingCalibrationCaption: "校准：用于拟合计算步常数的推理服务实测。其误差是样本内误差。",
    servingCalibrationSummary:
      "共 {count} 组；样本内 |误差| 中位数 {median}，90 百分位 {p90}，最大 {max}。",
  },
);

/** A spread of |error| (`errorSpread`) as the accuracy page writes it: percentages in the page's language. */
export function spreadWords(
  lang: Lang,
  s: { count: number; median: number; p90: number; max: number },
): { count: number; median: string; p90: string; max: string } {
  const percent = new Intl.NumberFormat(HTML_LANG[lang], {
    style: "percent",
    maximumFractionDigits: 1,
  });
  return {
    count: s.count,
    median: percent.format(s.median),
    p90: percent.format(s.p90),
    max: percent.format(s.max),
  };
}

/**
 * A summary sentence of rows' spread, its template filled in the page's language; none for
 * no rows, where a median would read as 0% and say nothing was measured wrong.
 */
export const spreadSentence = (
  lang: Lang,
  template: string,
  rows: readonly { signedError: number }[],
): string | null =>
  rows.length > 0 ? format(template, spreadWords(lang, errorSpread(rows))) : null;
