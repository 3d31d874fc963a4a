/** The island's side of the worker: one module worker, started on first use. */
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

type Listener = (m: FromWorker | { type: "crashed" }) => void;
let worker: Worker | null = null;
const listeners = new Set<Listener>();
let nextId = 1;

export function onWorker(l: Listener): () => void {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/** Posts a message (a fresh id is added to load/analyze); returns the id, or 0 if no worker. */
export function send(
  m: ToWorker | Omit<Extract<ToWorker, { id: number }>, "id">,
  catalog: GpuSpec[],
): number {
  try {
    if (!worker) {
      worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (e: MessageEvent<FromWorker>) => listeners.forEach((l) => l(e.data));
      worker.onerror = () => listeners.forEach((l) => l({ type: "crashed" }));
      worker.postMessage({ type: "catalog", catalog } satisfies ToWorker);
    }
    const id = nextId++;
    worker.postMessage({ ...m, id });
    return id;
  } catch {
    return 0;
  }
}
