/**
 * Crafted weight headers: names Object.prototype holds, arrays nested as deep as a file
 * says. Each is refused with its reason, reading only the header and never recursing on
 * what the file declares.
 */
import { describe, expect, it } from "vitest";
import { bytesSource } from "../../../../src/estimate/model/weights-header/byte-source.ts";
import { readGgufHeader } from "../../../../src/estimate/model/weights-header/gguf.ts";
import { readSafetensorsHeader } from "../../../../src/estimate/model/weights-header/safetensors.ts";
import { safetensorsFile } from "../weights-fixtures.ts";

/** A GGUF v3 header with one key whose value is an array of arrays, `depth` levels deep. */
function nestedArrays(depth: number): Uint8Array {
  const key = new TextEncoder().encode("x");
  const out = new Uint8Array(4 + 4 + 8 + 8 + 8 + key.length + depth * 16 + 16);
  const v = new DataView(out.buffer);
  let at = 0;
  const u32 = (n: number) => {
    v.setUint32(at, n, true);
    at += 4;
  };
  const u64 = (n: number) => {
    v.setBigUint64(at, BigInt(n), true);
    at += 8;
  };
  out.set(new TextEncoder().encode("GGUF"), 0);
  at = 4;
  u32(3);
  u64(0); // tensors
  u64(1); // keys
  u64(key.length);
  out.set(key, at);
  at += key.length;
  u32(9); // ARRAY
  for (let i = 0; i < depth; i++) {
    u32(9); // of ARRAY
    u64(1);
  }
  return out;
}

describe("hostile weight headers", () => {
  it("a GGUF array of arrays is refused at once, however deep (ggml reads none)", async () => {
    for (const depth of [1, 2_500_000]) {
      const r = await readGgufHeader(bytesSource(nestedArrays(depth)));
      expect(r.ok ? null : r.error.code).toBe("bad-header");
    }
  });
  it("a safetensors dtype named like Object.prototype's members is an unknown dtype", async () => {
    for (const dtype of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const file = safetensorsFile({ tensors: [{ name: "w", dtype, shape: [2], bytes: 2 }] });
      const r = await readSafetensorsHeader(bytesSource(file));
      expect(r.ok ? null : r.error.code, dtype).toBe("unknown-dtype");
    }
  });
});
