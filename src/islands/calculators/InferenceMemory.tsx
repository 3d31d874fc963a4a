/** Inference memory: the memory to rent and where it fits; then weights, KV cache, workspace and the concurrency the chosen GPU holds. */
import { inferenceMemoryView } from "../../stores/views/inference-memory.ts";
import { island } from "./hooks.ts";
import { MemoryWidget } from "./MemoryWidget.tsx";

export const InferenceMemory = island(MemoryWidget, inferenceMemoryView);
