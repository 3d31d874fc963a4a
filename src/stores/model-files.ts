/**
 * Reading the user's own weight files on the model picker. The header reader
 * (src/estimate/weights-header/) loads on the first drop or paste; it reads each file's
 * header through `File.slice`, so nothing but the header is read and nothing leaves the
 * browser. A reading sets the model (a "file" choice: the architecture or exact count the
 * core takes, and the file's name) and the serving store's weight bits, so the weight bytes
 * every widget shows are the file's. `$fileRead` is page-local: what the last reading said.
 */
import { atom } from "nanostores";
import type { ByteSource } from "../estimate/weights-header/byte-source.ts";
import type * as Reader from "../estimate/weights-header/read.ts";
import type {
  HeaderError,
  ReadingResult,
  WeightsReading,
} from "../estimate/weights-header/read.ts";
import { lazy } from "./lazy.ts";
import { setModel } from "./model.ts";
import { setServing } from "./serving.ts";

export type FileReadState =
  | { status: "idle" }
  | { status: "reading" }
  | { status: "read"; reading: WeightsReading }
  | { status: "error"; error: HeaderError }
  | { status: "load-failed" };

export const $fileRead = atom<FileReadState>({ status: "idle" });

const reader = lazy(() => import("../estimate/weights-header/read.ts"));

/** A `File` as the header reader's byte source: one `slice` per chunk it asks for. */
const fileSource = (f: Blob): ByteSource => ({
  size: f.size,
  read: async (offset, length) =>
    new Uint8Array(await f.slice(offset, offset + length).arrayBuffer()),
});

function apply(r: ReadingResult): void {
  if (!r.ok) {
    $fileRead.set({ status: "error", error: r.error });
    return;
  }
  const { reading } = r;
  const m = reading.model;
  setModel({
    kind: "file",
    file:
      "layers" in m
        ? { label: reading.label, arch: m }
        : { label: reading.label, params: reading.params },
  });
  // The file's exact size replaces the computed one; its average width (scales included)
  // is what the inputs show. A GGUF file is what llama.cpp runs.
  setServing({
    weightFileBytes: reading.weightBytes,
    weightBits: reading.weightBits,
    scaleBits: 0,
    ...(reading.format === "gguf"
      ? { engine: "llama.cpp" as const, weightFormat: "gguf" as const }
      : {}),
  });
  $fileRead.set({ status: "read", reading });
}

async function run(
  read: (m: typeof Reader) => Promise<ReadingResult> | ReadingResult,
): Promise<void> {
  $fileRead.set({ status: "reading" });
  const m = await reader.load();
  if (!m) {
    $fileRead.set({ status: "load-failed" });
    return;
  }
  try {
    apply(await read(m));
  } catch {
    // A browser that refuses the read (a file moved or deleted since it was chosen).
    $fileRead.set({ status: "error", error: { code: "unreadable" } });
  }
}

/** Reads the headers of dropped or chosen files (the shards of one model). */
export const readWeightFiles = (files: readonly File[]): Promise<void> =>
  run((m) => m.readWeightFiles(files.map((f) => ({ name: f.name, source: fileSource(f) }))));

/** Reads a pasted `model.safetensors.index.json`. */
export const readIndex = (text: string): Promise<void> => run((m) => m.readIndexText(text));
