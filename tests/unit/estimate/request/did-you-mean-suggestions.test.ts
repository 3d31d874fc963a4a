/**
 * The "did you mean" of an unknown field, task or GPU (`nearestName`): a shared camelCase or
 * snake_case word is the strongest hint, then the edit distance, allowed up to 40% of the
 * typed name's length (at least one edit); a name too far off, or longer than 64 characters,
 * gets no suggestion. Every distance below is worked by hand in the comment beside it.
 */
import { describe, expect, it } from "vitest";
import { nearestName } from "../../../../src/estimate/request/nearest.ts";

describe("a misspelt name is matched by edit distance, within 40% of its length", () => {
  it("suggests a name two substitutions away from a five-letter name (limit floor(5·0.4) = 2)", () => {
    // abcde → abxye: c→x, d→y.
    expect(nearestName("abcde", ["abxye"])).toBe("abxye");
  });

  it("suggests nothing three substitutions away from a five-letter name", () => {
    // abcde → abxyz: c→x, d→y, e→z; 3 > 2.
    expect(nearestName("abcde", ["abxyz"])).toBeUndefined();
  });

  it("suggests a name two letters longer, when two insertions are the limit", () => {
    // abcde → abcdefg: insert f, g. The lengths differ by exactly the limit.
    expect(nearestName("abcde", ["abcdefg"])).toBe("abcdefg");
  });

  it("suggests nothing three letters longer than a five-letter name, whatever its letters", () => {
    // abcde → abcdefgh: insert f, g, h = 3 > 2; the lengths alone rule it out.
    expect(nearestName("abcde", ["abcdefgh"])).toBeUndefined();
  });

  it("counts deletions and insertions together (limit floor(8·0.4) = 3)", () => {
    // abcdefgh → bcdefghij: delete a, insert i, j = 3.
    expect(nearestName("abcdefgh", ["bcdefghij"])).toBe("bcdefghij");
    // abcdefgh → bcdefghijk: delete a, insert i, j, k = 4.
    expect(nearestName("abcdefgh", ["bcdefghijk"])).toBeUndefined();
  });

  it("allows one edit even on a two-letter name, whose 40% rounds down to none", () => {
    // t5 → t4: one substitution; floor(2·0.4) = 0, raised to 1.
    expect(nearestName("t5", ["t4"])).toBe("t4");
  });

  it("ignores case when measuring the distance", () => {
    // SEQLEN and seqLen are the same letters: distance 0. Case-sensitive it would be 5.
    expect(nearestName("SEQLEN", ["seqLen"])).toBe("seqLen");
  });

  it("picks the closer of two candidates, and the first of two equally close", () => {
    // peaka → peakbytes: a→b and four insertions = 5; peaka → peakb: 1.
    expect(nearestName("peakA", ["peakBytes", "peakB"])).toBe("peakB");
    // peakX and peakY are both one substitution from peakA: the first listed wins.
    expect(nearestName("peakA", ["peakX", "peakY"])).toBe("peakX");
  });

  it("suggests nothing from an empty list", () => {
    expect(nearestName("seqLen", [])).toBeUndefined();
  });
});

describe("a shared word is a stronger hint than the edit distance", () => {
  it("batchSize means microBatch: they share the word batch, though 9+ edits apart", () => {
    expect(nearestName("batchSize", ["seqLen", "microBatch"])).toBe("microBatch");
  });

  it("words are compared in lower case: BATCH_SIZE shares batch with microBatch", () => {
    expect(nearestName("BATCH_SIZE", ["microBatch"])).toBe("microBatch");
  });

  it("snake_case words match camelCase ones", () => {
    // tokens_total and totalTokens share both words; letter by letter they are far apart.
    expect(nearestName("tokens_total", ["totalTokens"])).toBe("totalTokens");
  });

  it("a word ends at a digit followed by a capital: fp8Bits is fp8 + bits", () => {
    expect(nearestName("fp8Bits", ["bitsOfWeight"])).toBe("bitsOfWeight");
  });

  it("a single letter is not a word: peakA shares nothing with aValue", () => {
    // peaka → avalue needs at least 4 edits (their longest common run is "aa"), over 2.
    expect(nearestName("peakA", ["aValue"])).toBeUndefined();
  });

  it("more shared words beat a smaller distance", () => {
    // maxTokenz shares max and is 1 edit away; tokensMax shares max and tokens.
    expect(nearestName("maxTokens", ["maxTokenz", "tokensMax"])).toBe("tokensMax");
    // In either order: a later candidate with fewer shared words never replaces it.
    expect(nearestName("maxTokens", ["tokensMax", "maxTokenz"])).toBe("tokensMax");
  });

  it("between candidates sharing a word, the full distance ranks them, past the limit too", () => {
    // Both share seq. seqlen → seqlengthintokensall: 14 insertions; seqlen → seqbatch:
    // len → batch, 3 substitutions + 2 insertions = 5. Both exceed the limit of 2, so a
    // distance cut off at the limit would tie them and pick the first.
    expect(nearestName("seqLen", ["seqLengthInTokensAll", "seqBatch"])).toBe("seqBatch");
  });
});

describe("a name longer than any plausible one gets no suggestion", () => {
  it("64 characters are compared; 65 are not, even against the same name", () => {
    const at64 = "a".repeat(64);
    const at65 = "a".repeat(65);
    expect(nearestName(at64, [at64])).toBe(at64);
    expect(nearestName(at65, [at65])).toBeUndefined();
  });
});
