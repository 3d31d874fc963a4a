/**
 * The unit a job is counted in when the request does not say: tokens, or samples when only
 * samples are given.
 */
import { describe, expect, it } from "vitest";
import { jobDefaults } from "../../../../src/estimate/training/job-fields.ts";

describe("the unit of work by default", () => {
  it("samples only: samples; tokens (alone or with samples) or neither: tokens", () => {
    expect(jobDefaults({ samples: 1e8 })).toEqual({ work: "samples" });
    expect(jobDefaults({ tokens: 1e9 })).toEqual({ work: "tokens" });
    expect(jobDefaults({ tokens: 1e9, samples: 1e8 })).toEqual({ work: "tokens" });
    expect(jobDefaults({})).toEqual({ work: "tokens" });
  });
});
