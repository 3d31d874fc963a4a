/**
 * The entry the page loads on demand: reads the headers of the weight files a user dropped
 * (or a pasted index) and returns what the estimators take, or why it cannot. Each file is
 * told apart by its first bytes, not its name: GGUF by its magic, safetensors by its JSON.
 */
import type { ByteSource, HeaderError } from "./byte-source.ts";
import { readGgufHeader } from "./gguf.ts";
import type { GgufHeader } from "./gguf.ts";
import { readSafetensorsIndex } from "./index-json.ts";
import { readSafetensorsHeader } from "./safetensors.ts";
import type { SafetensorsTensor } from "./safetensors.ts";
import type { ReadingResult } from "./weights-model.ts";
import { fromGguf, fromIndex, fromSafetensors } from "./weights-model.ts";

export type { ReadingNote, ReadingResult, WeightsReading } from "./weights-model.ts";
export type { HeaderError, HeaderErrorCode } from "./byte-source.ts";

export interface NamedSource {
  name: string;
  source: ByteSource;
}

const GGUF_MAGIC_TEXT = "GGUF";

async function isGguf(src: ByteSource): Promise<boolean> {
  if (src.size < 4) return false;
  const head = await src.read(0, 4);
  return String.fromCharCode(...head) === GGUF_MAGIC_TEXT;
}

const fail = (error: HeaderError, file?: string): ReadingResult => ({
  ok: false,
  error: file ? { code: error.code, params: { ...error.params, file } } : error,
});

/** Reads every file's header; all must be of one format (the shards of one model). */
export async function readWeightFiles(files: readonly NamedSource[]): Promise<ReadingResult> {
  if (files.length === 0) return fail({ code: "no-tensors" });
  const gguf: GgufHeader[] = [];
  const safetensors: SafetensorsTensor[][] = [];
  for (const f of files) {
    if (await isGguf(f.source)) {
      const r = await readGgufHeader(f.source);
      if (!r.ok) return fail(r.error, f.name);
      gguf.push(r.header);
    } else {
      const r = await readSafetensorsHeader(f.source);
      if (!r.ok) return fail(r.error, f.name);
      safetensors.push(r.header.tensors);
    }
  }
  if (gguf.length && safetensors.length) return fail({ code: "mixed-formats" });
  const names = files.map((f) => f.name);
  return gguf.length ? fromGguf(names, gguf) : fromSafetensors(names, safetensors);
}

/** Reads a pasted `model.safetensors.index.json`. */
export function readIndexText(text: string): ReadingResult {
  const r = readSafetensorsIndex(text);
  return r.ok ? fromIndex(r.index) : r;
}
