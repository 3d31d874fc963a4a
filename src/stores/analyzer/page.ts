/**
 * The analyzer page: whether its island has started (until then the server-rendered inputs
 * stay disabled). The GPUs it sizes and compares with are the engine's catalog
 * (`$engineCatalog`), which the analyzer loads with the first log it reads (`worker-client.ts`).
 */
import { atom } from "nanostores";

export const $analyzerReady = atom(false);

/** Called once the island is on the page. */
export function startAnalyzer(): void {
  $analyzerReady.set(true);
}
