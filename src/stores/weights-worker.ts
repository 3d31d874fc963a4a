/**
 * The weights-file reader's module worker: header parsing (a 16 MB safetensors JSON, a GGUF
 * of 900,000 tensors, a pasted 6 MB index) runs here, off the page's main thread, so the
 * page keeps answering while a file is read. It loads only when a file is dropped.
 */
import type { WeightsRequest } from "./weights-reading.ts";
import { answer } from "./weights-reading.ts";

onmessage = (e: MessageEvent<WeightsRequest>) => {
  void answer(e.data).then((reply) => postMessage(reply));
};
