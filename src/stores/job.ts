/** `$job`: how much training work there is and how fast it must go (compute time, ranking). */
import type { Input } from "../estimate/request/field.ts";
import { JOB_FIELDS, jobDefaults } from "../estimate/training/job-fields.ts";
import { fieldStore } from "./field-store.ts";

export type JobState = Input<typeof JOB_FIELDS>;

/** One billion tokens, or the seed's 1e8 samples x 1e9 FLOPs, within a day. */
export const JOB_INITIAL: JobState = {
  work: "tokens",
  tokens: 1e9,
  samples: 1e8,
  flopsPerSample: 1e9,
  deadlineHours: 24,
};

export const job = fieldStore("c", JOB_FIELDS, JOB_INITIAL, jobDefaults);
export const $job = job.store;
export const setJob = job.set;
