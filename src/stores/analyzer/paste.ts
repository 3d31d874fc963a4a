/**
 * The text boxes where a log can be pasted. What is typed stays in the box until "Analyze";
 * a paste too long for a text box to show (Chromium takes seconds to lay out a few MB) is
 * kept out of it and goes straight to the worker, like a dropped file.
 */
import { atom } from "nanostores";
import type { Slot } from "../../workers/analyzer/protocol.ts";
import { loadLog } from "./slots.ts";

/** Longest paste the box shows: 64 Ki characters lay out in well under 100 ms. */
export const PASTE_SHOWN_CHARS = 64 * 1024;

export interface PasteBox {
  text: string;
  /** "Analyze" was pressed with nothing in the box. */
  empty: boolean;
  /** Characters of the last paste taken out of the box; null when the box holds what was pasted. */
  taken: number | null;
}

const EMPTY: PasteBox = { text: "", empty: false, taken: null };
export const $boxes = atom<Record<Slot, PasteBox>>({ a: EMPTY, b: EMPTY });

const put = (slot: Slot, box: PasteBox) => $boxes.set({ ...$boxes.get(), [slot]: box });

export function typeText(slot: Slot, text: string): void {
  put(slot, { text, empty: false, taken: null });
}

export function analyzeBox(slot: Slot): void {
  const text = $boxes.get()[slot].text;
  const empty = text.trim() === "";
  put(slot, { ...$boxes.get()[slot], empty });
  if (!empty) loadLog(slot, { text }, "");
}

/** A paste into the box: true when the analyzer takes it (the box must then not insert it). */
export function takePaste(slot: Slot, text: string): boolean {
  if (text.length <= PASTE_SHOWN_CHARS) return false;
  put(slot, { text: "", empty: false, taken: text.length });
  loadLog(slot, { text }, "");
  return true;
}
