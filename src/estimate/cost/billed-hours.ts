/**
 * Every hour a rental bills, from what a plan row knows: the seeds count environment setup,
 * model and data downloads, failed reruns, checkpoint and result export and idle time, not
 * only the run ("运行小时数不应只计算主程序时间，还要包括环境安装、数据准备、模型下载、失败重跑和
 * 结果导出"). Downloads and uploads take their bytes over the stated network, checkpoints
 * their bytes onto the stated disk; the hours then go through the cost page's own
 * arithmetic (`rentalCost` in cost.ts), so a plan row and the cost page bill alike.
 */
import type { Overheads } from "./cost.ts";
import { SECONDS_PER_HOUR } from "../units.ts";

export interface Billing {
  /** Installing the environment, pulling the image, a first short test. */
  setupHours: number;
  /** Bytes fetched before the run: the model's weights and the data. */
  downloadBytes: number;
  /** Bytes uploaded after the run: the trained weights or adapter. */
  exportBytes: number;
  /** The node's network for downloads and uploads, bytes per second. */
  networkBytesPerSecond: number;
  /** Share of the run repeated after failures (0.1: one run in ten). */
  rerunFraction: number;
  /** Bytes one checkpoint writes (trainable weights and optimizer states); 0: none. */
  checkpointBytes: number;
  /** Hours of run between checkpoints; 0: no checkpoints. */
  checkpointEveryHours: number;
  /** The disk checkpoints are written to, bytes per second. */
  diskBytesPerSecond: number;
  /** Hours the node is held without work (waiting, forgotten overnight). */
  idleHours: number;
}

const hoursFor = (bytes: number, bytesPerSecond: number): number =>
  bytes > 0 ? bytes / bytesPerSecond / SECONDS_PER_HOUR : 0;

/**
 * The overhead hours of a run of `runHours`, in the cost page's terms. A checkpoint is
 * written after every `checkpointEveryHours` of run except at the end, where the export
 * writes the result; writing it stalls training (Transformers' Trainer and torchtune save
 * synchronously by default).
 */
export function overheadsFor(runHours: number, b: Billing): Overheads {
  const checkpoints =
    b.checkpointEveryHours > 0 && b.checkpointBytes > 0
      ? Math.max(0, Math.ceil(runHours / b.checkpointEveryHours) - 1)
      : 0;
  return {
    setupHours: b.setupHours,
    downloadHours: hoursFor(b.downloadBytes, b.networkBytesPerSecond),
    rerunFraction: b.rerunFraction,
    checkpointHours: checkpoints * hoursFor(b.checkpointBytes, b.diskBytesPerSecond),
    exportHours: hoursFor(b.exportBytes, b.networkBytesPerSecond),
    idleHours: b.idleHours,
  };
}
