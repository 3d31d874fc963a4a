/**
 * The overhead hours a plan row bills beside the run: downloads and uploads over the
 * network, checkpoints onto the disk, worked by hand in round numbers.
 */
import { describe, expect, it } from "vitest";
import type { Billing } from "../../../../src/estimate/cost/billed-hours.ts";
import { overheadsFor } from "../../../../src/estimate/cost/billed-hours.ts";

const GB = 1e9;

const billing: Billing = {
  setupHours: 0.5,
  downloadBytes: 36 * GB,
  exportBytes: 18 * GB,
  // 10 MB/s: 36 GB take 3,600 s = 1 h.
  networkBytesPerSecond: 10e6,
  rerunFraction: 0.1,
  checkpointBytes: 72 * GB,
  checkpointEveryHours: 2,
  // 100 MB/s: 72 GB take 720 s = 0.2 h.
  diskBytesPerSecond: 100e6,
  idleHours: 1,
};

describe("overhead hours of a run", () => {
  it("moves the bytes at the stated speeds and writes a checkpoint every interval but the last", () => {
    // A 7 h run checkpointed every 2 h: ceil(7 / 2) - 1 = 3 checkpoints of 0.2 h = 0.6 h.
    expect(overheadsFor(7, billing)).toEqual({
      setupHours: 0.5,
      downloadHours: 1,
      rerunFraction: 0.1,
      checkpointHours: expect.closeTo(0.6, 12),
      exportHours: 0.5,
      idleHours: 1,
    });
  });

  it("bills no time for nothing to move, even with no network or disk speed", () => {
    // 0 bytes over 0 bytes/s would be 0 / 0; nothing to move takes no time instead.
    const still: Billing = {
      ...billing,
      downloadBytes: 0,
      exportBytes: 0,
      networkBytesPerSecond: 0,
      checkpointBytes: 0,
      diskBytesPerSecond: 0,
    };
    const o = overheadsFor(7, still);
    expect(o.downloadHours).toBe(0);
    expect(o.exportHours).toBe(0);
    expect(o.checkpointHours).toBe(0);
  });

  it("writes no checkpoint without an interval, or in a run no longer than one", () => {
    expect(overheadsFor(7, { ...billing, checkpointEveryHours: 0 }).checkpointHours).toBe(0);
    expect(overheadsFor(2, billing).checkpointHours).toBe(0);
  });
});
