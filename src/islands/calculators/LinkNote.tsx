/**
 * What a shared link or the saved inputs could not restore, said once per page (the layout
 * places this island above a guide's calculators): invalid fields each named once, capped;
 * store ids this version does not know; a link that restored nothing.
 */
import { $linkNote, $storedNote } from "../../stores/link-note.ts";
import { tr } from "../../i18n/format.ts";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island } from "./hooks.ts";

function View({ t, hydrated }: WidgetProps & Hydration) {
  const note = hydrated ? $linkNote.get() : null;
  const stored = hydrated ? $storedNote.get() : [];
  const lines: string[] = [];
  if (stored.length) lines.push(tr(t, "link.stored", { fields: stored.join(", ") }));
  if (!note) return <Lines lines={lines} />;
  if (note.nothingRestored) lines.push(tr(t, "link.nothing"));
  if (note.invalid.length)
    lines.push(
      tr(t, "link.invalid", {
        fields: note.invalid.join(", "),
        more: note.more ? tr(t, "link.more", { count: note.more }) : "",
      }),
    );
  if (note.unknownStores.length)
    lines.push(tr(t, "link.unknownStores", { ids: note.unknownStores.join(", ") }));
  if (note.truncated) lines.push(tr(t, "link.truncated"));
  if (note.otherVersion && !note.nothingRestored) lines.push(tr(t, "link.otherVersion"));
  return <Lines lines={lines} />;
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <div class="calc-link-note-slot">
      {lines.length > 0 && (
        <div class="calc-link-note" role="alert" data-link-note>
          {lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
        </div>
      )}
    </div>
  );
}

export const LinkNote = island(View, [$linkNote, $storedNote]);
