/**
 * What a shared link could not restore, said once per page (the layout places this island
 * above a guide's calculators).
 */
import { linkNoteView } from "../../stores/views/link-note.ts";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { island } from "./hooks.ts";

function Markup({ v, s }: WidgetProps & Rendered<ReturnType<typeof linkNoteView.initial>>) {
  return (
    <div class="calc-link-note-slot">
      {v.length > 0 && (
        <div class="calc-link-note" role="alert" data-link-note>
          {v.map((line, i) => (
            <p key={i}>{s(line)}</p>
          ))}
        </div>
      )}
    </div>
  );
}

export const LinkNote = island(Markup, linkNoteView);
