/**
 * The analyzer's side of its worker (`src/workers/analyzer/worker.ts`): one module worker,
 * started on first use. Pasted text goes over in chunks, one task each, so handing a 40 MB
 * paste to the worker never blocks the page; every message leaves in the order it was sent.
 */
import type { FromWorker, ToWorker } from "../../workers/analyzer/protocol.ts";
import { $engineCatalog } from "../catalog.ts";
import { engineData } from "../engine-data.ts";

type Listener = (m: FromWorker | { type: "crashed" }) => void;
type Load = Extract<ToWorker, { type: "load" }>;
type Settings = Extract<ToWorker, { type: "settings" }>;

/** Characters per chunk of pasted text: posting one takes a few milliseconds. */
export const CHUNK_CHARS = 1 << 20;

let worker: Worker | null = null;
const listeners = new Set<Listener>();
let nextId = 1;
/** Messages leave in order, after the chunks of any paste before them. */
let outgoing: Promise<void> = Promise.resolve();
const nextTask = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

export function onWorker(l: Listener): () => void {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/**
 * The GPU catalog the worker matches and sizes runs with: the engine's, loaded with the first
 * log (the page does not carry it); a failed load fails the request, and the next one retries.
 */
async function catalog(): Promise<ToWorker> {
  if (!(await engineData.load())) throw new Error("the GPU catalog did not load");
  return { type: "catalog", catalog: [...$engineCatalog.get().gpus] };
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL("../../workers/analyzer/worker.ts", import.meta.url), {
    type: "module",
  });
  w.onmessage = (e: MessageEvent<FromWorker>) => listeners.forEach((l) => l(e.data));
  w.onerror = () => listeners.forEach((l) => l({ type: "crashed" }));
  worker = w;
  return w;
}

let catalogSent = false;

/**
 * Sends a load or a re-analysis under a fresh id, a paste's text first in chunks; returns
 * the id, or 0 when no worker can start (the caller says the log could not be read).
 */
export function send(m: Omit<Load, "id"> | Omit<Settings, "id">, text?: string): number {
  let w: Worker;
  try {
    w = started();
  } catch {
    return 0;
  }
  const id = nextId++;
  const posts = async () => {
    if (!catalogSent) {
      w.postMessage(await catalog());
      catalogSent = true;
    }
    if (text !== undefined)
      for (let i = 0; i < text.length; i += CHUNK_CHARS) {
        const chunk: ToWorker = { type: "chunk", id, text: text.slice(i, i + CHUNK_CHARS) };
        w.postMessage(chunk);
        await nextTask();
      }
    w.postMessage({ ...m, id });
  };
  const failed = () =>
    listeners.forEach((l) =>
      l({ type: "failed", id, slot: m.slot, failure: { error: "read-failed" } }),
    );
  outgoing = outgoing.then(posts).catch(failed);
  return id;
}
