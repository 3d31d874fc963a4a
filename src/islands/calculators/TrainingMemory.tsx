/** Training memory per GPU: the memory to rent and where it fits, then allocator, nvidia-smi and breakdown. */
import { trainingMemoryView } from "../../stores/views/training-memory.ts";
import { island } from "./hooks.ts";
import { MemoryWidget } from "./MemoryWidget.tsx";

export const TrainingMemory = island(MemoryWidget, trainingMemoryView);
