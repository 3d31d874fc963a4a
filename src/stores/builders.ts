/**
 * Loads every request builder that loads later (`loadBuilder` in `outcome.ts`): the server
 * renders, and the unit tests compute, with all of them in hand. Never loaded by a page.
 */
import { taskStoreRegistry } from "./outcome.ts";

export async function loadBuilders(): Promise<void> {
  for (const ts of taskStoreRegistry) if (ts.loadBuilder) await ts.loadBuilder();
}
