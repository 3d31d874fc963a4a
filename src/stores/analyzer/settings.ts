/**
 * What the analysis depends on besides the log: the headroom (as the user typed it, in
 * percent), the work the user counted in each run and its unit, and the whole job's work for
 * "Use these measurements". Ranges and the default headroom are the `measured-run` task's.
 */
import { atom } from "nanostores";
import { MEASURED_RUN_FIELDS } from "../../estimate/measured/fields.ts";
import type { WorkDone } from "../../run-log/throughput.ts";
import type { Settings, Slot } from "../../workers/analyzer/protocol.ts";

export const WORK_UNITS = ["samples", "tokens", "frames"] as const;
export type WorkUnit = (typeof WORK_UNITS)[number];
export const WORK_SCOPES = ["steady-window", "whole-run"] as const;

/** A fraction as the percentage the page shows (0.2 → 20), without float noise. */
export const percentOf = (fraction: number): number => Math.round(fraction * 1e8) / 1e6;

const headroom = MEASURED_RUN_FIELDS.headroom;
/** The headroom box's range, in percent: the field's own. */
export const HEADROOM_PCT_RULE = { min: percentOf(headroom.min), max: percentOf(headroom.max) };
/** Counts of work: from nothing counted (0) to the task's largest total. */
export const WORK_RULE = { min: 0, max: MEASURED_RUN_FIELDS.totalWork.max };

export interface AnalyzerSettings {
  headroomPct: number;
  /** Work done in run A and in run B, in `unit`; 0 when not counted. */
  amount: number;
  amountB: number;
  unit: WorkUnit;
  scope: WorkDone["scope"];
  /** The whole job's work, for the single-GPU hours; 0 when not given. */
  total: number;
}

export const SETTINGS_INITIAL: AnalyzerSettings = {
  headroomPct: percentOf(headroom.default),
  amount: 0,
  amountB: 0,
  unit: "samples",
  scope: "steady-window",
  total: 0,
};

export const $settings = atom<AnalyzerSettings>(SETTINGS_INITIAL);

/** What the worker needs of the settings for one run. */
export function workerSettings(s: AnalyzerSettings, slot: Slot): Settings {
  const amount = slot === "a" ? s.amount : s.amountB;
  return {
    headroom: s.headroomPct / 100,
    workDone: amount > 0 ? { amount, unit: s.unit, scope: s.scope } : undefined,
  };
}

/** The job's total work: only "Use these measurements" reads it, so nothing is re-analysed. */
export const setTotal = (total: number): void => $settings.set({ ...$settings.get(), total });
