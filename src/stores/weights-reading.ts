/**
 * What the weights-file reader is asked and answers, and the answering itself: the module
 * worker (`weights-worker.ts`) runs it off the page's main thread; where no worker exists
 * (the unit tests, Node) the store runs the same function itself. The caps are the
 * parsers' own (`src/estimate/weights-header/`).
 */
import type { ByteSource } from "../estimate/model/weights-header/byte-source.ts";
import type { ReadingResult } from "../estimate/model/weights-header/read.ts";
import { readIndexText, readWeightFiles } from "../estimate/model/weights-header/read.ts";

/** What the page asks: the files dropped (their headers are read), or a pasted index. */
export type WeightsRequest = { id: number; files: File[] } | { id: number; text: string };
/** The reading, or that the browser refused to read a file (moved or deleted since). */
export type WeightsReply = { id: number; result: ReadingResult } | { id: number; unreadable: true };

/** A `File` as the header reader's byte source: one `slice` per chunk it asks for. */
export const fileSource = (f: Blob): ByteSource => ({
  size: f.size,
  read: async (offset, length) =>
    new Uint8Array(await f.slice(offset, offset + length).arrayBuffer()),
});

/** Reads what a request names, as the worker (or, without workers, the page) runs it. */
export async function answer(m: WeightsRequest): Promise<WeightsReply> {
  try {
    const result =
      "files" in m
        ? await readWeightFiles(m.files.map((f) => ({ name: f.name, source: fileSource(f) })))
        : readIndexText(m.text);
    return { id: m.id, result };
  } catch {
    return { id: m.id, unreadable: true };
  }
}
