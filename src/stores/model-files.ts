/**
 * Reading the user's own weight files on the model picker. The header reader
 * (src/estimate/weights-header/) runs in a module worker started on the first drop or
 * paste (`weights-worker.ts`), so a 16 MB header or a 6 MB pasted index never blocks the
 * page; it reads each file's header through `File.slice`, so nothing but the header is read
 * and nothing leaves the browser. A reading sets the model (a "file" choice: the
 * architecture or exact count the core takes, and the file's name) and the serving store's
 * weight bits, so the weight bytes every widget shows are the file's. `$fileRead` is
 * page-local: what the last reading said.
 */
import { atom } from "nanostores";
import type {
  HeaderError,
  ReadingResult,
  WeightsReading,
} from "../estimate/model/weights-header/read.ts";
import { lazy } from "./lazy.ts";
import { setModel } from "./model.ts";
import { setServing } from "./serving.ts";
import type { WeightsReply, WeightsRequest } from "./weights-reading.ts";

export type FileReadState =
  | { status: "idle" }
  | { status: "reading" }
  /** `pastedChars`: a paste too long to show in the box, read as it came. */
  | { status: "read"; reading: WeightsReading; pastedChars?: number }
  | { status: "error"; error: HeaderError }
  | { status: "load-failed" };

export const $fileRead = atom<FileReadState>({ status: "idle" });

/** Without workers (Node, the unit tests) the same reading runs here, loaded on demand. */
const inline = lazy(() => import("./weights-reading.ts"));

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (reply: WeightsReply | null) => void>();

/** The worker, started on first use; a failed start or a crash answers every wait with null. */
function startWorker(): Worker {
  const w = new Worker(new URL("./weights-worker.ts", import.meta.url), { type: "module" });
  w.onmessage = (e: MessageEvent<WeightsReply>) => {
    waiting.get(e.data.id)?.(e.data);
    waiting.delete(e.data.id);
  };
  w.onerror = () => {
    for (const done of waiting.values()) done(null);
    waiting.clear();
    // The next reading starts a fresh worker (a chunk that failed to load may load then).
    worker = null;
  };
  return w;
}

/** Asks the reader; null when it could not be loaded. */
async function ask(m: Omit<WeightsRequest, "id">): Promise<WeightsReply | null> {
  const request = { ...m, id: nextId++ } as WeightsRequest;
  if (typeof Worker === "undefined") {
    const reading = await inline.load();
    return reading ? reading.answer(request) : null;
  }
  return new Promise((resolve) => {
    try {
      worker ??= startWorker();
      waiting.set(request.id, resolve);
      worker.postMessage(request);
    } catch {
      resolve(null);
    }
  });
}

function apply(r: ReadingResult, pastedChars?: number): void {
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
  $fileRead.set({ status: "read", reading, ...(pastedChars ? { pastedChars } : {}) });
}

async function run(m: Omit<WeightsRequest, "id">, pastedChars?: number): Promise<void> {
  $fileRead.set({ status: "reading" });
  const reply = await ask(m);
  if (!reply) $fileRead.set({ status: "load-failed" });
  // A browser that refuses the read (a file moved or deleted since it was chosen).
  else if ("unreadable" in reply) $fileRead.set({ status: "error", error: { code: "unreadable" } });
  else apply(reply.result, pastedChars);
}

/** Reads the headers of dropped or chosen files (the shards of one model). */
export const readWeightFiles = (files: readonly File[]): Promise<void> =>
  run({ files: [...files] });

/** Reads a pasted `model.safetensors.index.json`. */
export const readIndex = (text: string): Promise<void> => run({ text });

/**
 * The longest paste the index box shows. Putting text into a textarea costs the main
 * thread about 2 s per MB in Chromium on a busy 2-core machine (6.4 MB: 12 s), so a longer
 * paste (a large MoE's index runs to megabytes) is read as it comes, never shown.
 */
export const PASTE_SHOWN_MAX_CHARS = 64 * 1024;

/** A paste into the index box: "shown" lets it in; "read" means it is being read instead. */
export function pasteIndex(text: string): "shown" | "read" {
  if (text.length <= PASTE_SHOWN_MAX_CHARS) return "shown";
  void run({ text }, text.length);
  return "read";
}
