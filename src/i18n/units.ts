import { defineStrings } from "./define.ts";
import type { Unit } from "../estimate/request/field.ts";

type UnitKeys = { [U in Unit as `unit.${U}`]: string };

/**
 * The unit a field is measured in, as its input's label and range message name it. Keys
 * follow the field tables' `Unit`, so a new unit without a label fails the type check.
 */
export const unitStrings = defineStrings<UnitKeys>(
  {
    "unit.count": "",
    "unit.tokens": "tokens",
    "unit.sequences": "sequences",
    "unit.micro-batches": "micro-batches",
    "unit.gpus": "GPUs",
    "unit.hours": "hours",
    "unit.bits": "bits",
    "unit.params": "parameters, e.g. 7B",
    "unit.samples": "samples",
    "unit.flops": "FLOPs",
    "unit.tflops": "TFLOPS",
    "unit.mib": "MiB",
    "unit.gb": "GB",
    "unit.fraction": "%",
    "unit.tokens-per-second": "tokens/s",
    "unit.gbit-per-second": "Gb/s, gigabits per second",
    "unit.gbyte-per-second": "GB/s, gigabytes per second",
    "unit.work-per-hour": "work units per hour",
    "unit.units": "units of work",
    "unit.money": "your currency",
    "unit.money-per-hour": "per hour",
    "unit.money-per-gpu-hour": "per GPU-hour",
    "unit.money-per-gb-month": "per GB-month",
    "unit.money-per-gb": "per GB",
    "unit.months": "months",
    "unit.seconds": "seconds",
    "unit.bytes": "bytes",
  },
  {
    "unit.count": "",
    "unit.tokens": "token",
    "unit.sequences": "条序列",
    "unit.micro-batches": "个微批量",
    "unit.gpus": "张",
    "unit.hours": "小时",
    "unit.bits": "位",
    "unit.params": "个参数，例如 7B",
    "unit.samples": "个样本",
    "unit.flops": "FLOPs",
    "unit.tflops": "TFLOPS",
    "unit.mib": "MiB",
    "unit.gb": "GB",
    "unit.fraction": "%",
    "unit.tokens-per-second": "token/s",
    "unit.gbit-per-second": "Gb/s，千兆位每秒",
    "unit.gbyte-per-second": "GB/s，千兆字节每秒",
    "unit.work-per-hour": "每小时工作量",
    "unit.units": "个单位",
    "unit.money": "你的币种",
    "unit.money-per-hour": "每小时",
    "unit.money-per-gpu-hour": "每 GPU 小时",
    "unit.money-per-gb-month": "每 GB 每月",
    "unit.money-per-gb": "每 GB",
    "unit.months": "个月",
    "unit.seconds": "秒",
    "unit.bytes": "字节",
  },
);

/** Units of the figures a page shows (beside the input units above). */
export type ShownUnit =
  | "hours"
  | "seconds"
  | "tokens-per-second"
  | "tflops"
  | "flops"
  | "gb"
  | "gib"
  | "mib"
  | "bytes"
  | "percent"
  | "ratio"
  | "billions"
  | "millions";

type ShownKeys = { [U in ShownUnit as `shown.${U}`]: string } & { "shown.money": string };

/**
 * A figure with its unit, `{n}` the formatted number: what a calculator shows as a result.
 * Keys follow `ShownUnit`, so a unit a view uses without a label fails the type check.
 */
export const shownUnitStrings = defineStrings<ShownKeys>(
  {
    "shown.hours": "{n} h",
    "shown.seconds": "{n} s",
    "shown.tokens-per-second": "{n} tokens/s",
    "shown.tflops": "{n} TFLOPS",
    "shown.flops": "{n} FLOPs",
    "shown.gb": "{n} GB",
    "shown.gib": "{n} GiB",
    "shown.mib": "{n} MiB",
    "shown.bytes": "{n} bytes",
    "shown.percent": "{n}%",
    "shown.ratio": "{n}×",
    "shown.billions": "{n} B",
    "shown.millions": "{n} M",
    "shown.money": "{n} {currency}",
  },
  {
    "shown.hours": "{n} 小时",
    "shown.seconds": "{n} 秒",
    "shown.tokens-per-second": "{n} token/s",
    "shown.tflops": "{n} TFLOPS",
    "shown.flops": "{n} FLOPs",
    "shown.gb": "{n} GB",
    "shown.gib": "{n} GiB",
    "shown.mib": "{n} MiB",
    "shown.bytes": "{n} 字节",
    "shown.percent": "{n}%",
    "shown.ratio": "{n}×",
    "shown.billions": "{n} B",
    "shown.millions": "{n} M",
    "shown.money": "{n} {currency}",
  },
);
