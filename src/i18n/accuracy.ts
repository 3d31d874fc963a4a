import { defineStrings } from "./define.ts";

/** Strings of the accuracy table (the estimator against published measurements). */
export const accuracyStrings = defineStrings(
  {
    caption:
      "Validation: the estimator against published measurements no constant was fitted to. Signed error = (estimate − measured) / measured. Computed when the site is built, by the same code as the calculators.",
    calibrationTitle: "Calibration rows (not scored)",
    calibrationCaption:
      "Decode-speed measurements the decode constants were fitted to (per engine and weight format: the achieved share of memory bandwidth and a cost per layer; per link: the all-reduce latency). Their errors are in-sample: they show how well the mechanism fits, not how well it predicts.",
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
  },
  {
    caption:
      "验证：估算与未参与任何常数拟合的公开实测对比。带符号误差 = (估算 − 实测) / 实测。构建站点时由与计算器相同的代码算出。",
    calibrationTitle: "校准数据（不计分）",
    calibrationCaption:
      "用于拟合解码常数的解码速度实测（按引擎与权重格式拟合达到的显存带宽比例和每层开销；按互连拟合 all-reduce 延迟）。其误差是样本内误差：说明机制拟合得如何，而不是预测得如何。",
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
  },
);
