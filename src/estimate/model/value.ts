/** A model after its request field is checked: where it came from, its name and its spec. */
import type { ModelSpec } from "./model.ts";

/** What a model is called, as data the page translates. */
export type ModelName =
  /** `source`: where the preset's figures come from ("meta-llama/Llama-3.1-8B config.json"). */
  | { kind: "preset"; id: string; name: string; source: string }
  | { kind: "params"; params: number }
  | { kind: "arch" }
  | { kind: "hf"; family: string }
  /** Read from the user's weight files: the page names it ("model-Q4_K_M.gguf (llama, 8.03 B)"). */
  | { kind: "file"; label: string };

export interface ResolvedModelValue {
  /** The model as the request gave it. */
  source: Record<string, unknown>;
  name: ModelName;
  spec: ModelSpec;
}
