/**
 * What a shared link or the saved inputs could not restore, said once per page: invalid
 * fields each named once, capped; store ids this version does not know; a link that restored
 * nothing.
 */
import type { Msg } from "../../i18n/text.ts";
import { msg } from "../../i18n/text.ts";
import { $linkNote, $storedNote } from "../link-note.ts";
import { declareInitial } from "../initial.ts";
import { defineView } from "./define.ts";

// A link is applied after the first island mounts: the page was built without one.
declareInitial($linkNote, () => null);
declareInitial($storedNote, () => []);

export const linkNoteView = defineView([$linkNote, $storedNote], (note, stored): Msg[] => {
  const lines: Msg[] = [];
  if (stored.length) lines.push(msg("link.stored", { fields: stored.join(", ") }));
  if (!note) return lines;
  if (note.nothingRestored) lines.push(msg("link.nothing"));
  if (note.invalid.length)
    lines.push(
      msg("link.invalid", {
        fields: note.invalid.join(", "),
        more: note.more ? msg("link.more", { count: note.more }) : "",
      }),
    );
  if (note.unknownStores.length)
    lines.push(msg("link.unknownStores", { ids: note.unknownStores.join(", ") }));
  if (note.truncated) lines.push(msg("link.truncated"));
  if (note.otherVersion && !note.nothingRestored) lines.push(msg("link.otherVersion"));
  return lines;
});
