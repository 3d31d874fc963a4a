/**
 * Whether a phone shows every option of the decision table as cards or only the first few:
 * page-local, so every visit opens on the first few.
 */
import { atom } from "nanostores";

/** Cards a phone shows before "show all". */
export const FIRST_CARDS = 5;

export const $allCards = atom(false);

export function toggleAllCards(): void {
  $allCards.set(!$allCards.get());
}
