import { defineStrings } from "./define.ts";

/** Strings of the accuracy table (the estimator against published measurements). */
export const accuracyStrings = defineStrings(
  {
    caption:
      "The estimator against published measurements. Signed error = (estimate − measured) / measured. Generated from src/estimate/accuracy.ts when the site is built.",
    id: "Row",
    case: "Configuration",
    measures: "What the source measured",
    estimate: "Estimate",
    measured: "Measured",
    unit: "Unit",
    error: "Signed error",
    summaryMemory: "Memory rows: {count}; median |error| {median}; largest |error| {max}.",
    summaryAll: "All rows: {count}; largest |error| {max}.",
    excludedTitle: "Rows the estimator does not express",
  },
  {
    caption:
      "估算模块与公开实测数据的对比。带符号误差 = (估算 − 实测) / 实测。表格在构建站点时由 src/estimate/accuracy.ts 生成。",
    id: "行",
    case: "配置",
    measures: "来源测量的是什么",
    estimate: "估算",
    measured: "实测",
    unit: "单位",
    error: "带符号误差",
    summaryMemory: "显存类数据共 {count} 行，|误差| 中位数 {median}，最大 {max}。",
    summaryAll: "全部 {count} 行，最大 |误差| {max}。",
    excludedTitle: "估算模块未覆盖的数据行",
  },
);
