import { describe, expect, it } from "vitest";
import { capByKind } from "../../../src/run-log/cap.ts";

describe("capByKind", () => {
  it("keeps the first items of each kind in order and counts the rest by kind", () => {
    const items = ["a1", "b1", "a2", "a3", "c1", "b2", "a4", "b3"];
    const r = capByKind(items, (s) => s[0] ?? "", 2);
    expect(r.shown).toEqual(["a1", "b1", "a2", "c1", "b2"]);
    expect(r.leftOut).toEqual([
      { kind: "a", count: 2 },
      { kind: "b", count: 1 },
    ]);
  });

  it("leaves a short list whole", () => {
    const r = capByKind([1, 2, 3], () => "n", 5);
    expect(r.shown).toEqual([1, 2, 3]);
    expect(r.leftOut).toEqual([]);
  });

  it("cuts 20,000 items of one kind to the limit", () => {
    const items = Array.from({ length: 20_000 }, (_, i) => i);
    const r = capByKind(items, () => "gpu", 16);
    expect(r.shown).toEqual(items.slice(0, 16));
    expect(r.leftOut).toEqual([{ kind: "gpu", count: 19_984 }]);
  });
});
