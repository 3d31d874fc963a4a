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
  },
);
