/**
 * Python's json module writes non-finite floats as bare tokens (NaN, Infinity, -Infinity);
 * the readers take such files instead of refusing them, and leave strings alone.
 */
import { describe, expect, it } from "vitest";
import { parseJson, parsePythonJson } from "../../../../src/run-log/readers/json-text.ts";
import { readHfTrainerState } from "../../../../src/run-log/readers/index.ts";
import { reading } from "./helpers.ts";

describe("Python's JSON", () => {
  it("reads bare NaN and ±Infinity as strings, and leaves them alone inside strings", () => {
    expect(
      parsePythonJson('{"a": NaN, "b": [Infinity, -Infinity], "c": "NaN or Infinity", "d": 1e-5}'),
    ).toEqual({ a: "NaN", b: ["Infinity", "-Infinity"], c: "NaN or Infinity", d: 1e-5 });
    // An escaped quote does not end the string: the token inside stays as written.
    expect(parsePythonJson('{"a": "say \\"NaN\\"", "b": NaN}')).toEqual({
      a: 'say "NaN"',
      b: "NaN",
    });
  });

  it("still places a real error on its line", () => {
    // A doubled comma on line 3, after a NaN on line 2.
    expect(parseJson('{"a": 1,\n "b": NaN,\n "c": 2,,\n "d": 3}')).toEqual({
      ok: false,
      line: 3,
      code: "invalid-json",
    });
  });

  it("reads a Trainer state whose overflowing step logged grad_norm NaN", () => {
    const state = {
      global_step: 2,
      train_batch_size: 4,
      log_history: [
        { epoch: 0.5, step: 1, loss: 2.5, grad_norm: "__NAN__", learning_rate: 1e-5 },
        {
          epoch: 1,
          step: 2,
          train_runtime: 100,
          train_samples_per_second: 0.08,
          train_steps_per_second: 0.02,
        },
      ],
    };
    const text = JSON.stringify(state, null, 2).replace('"__NAN__"', "NaN");
    const r = reading(readHfTrainerState(text));
    // train_samples_per_second as saved.
    expect(r.trainingSamplesPerSecond?.perSecond).toBe(0.08);
  });
});
