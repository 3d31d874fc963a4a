/**
 * A printable checklist: real checkboxes with labels that work and print without
 * JavaScript; once hydrated, ticks are kept in localStorage (`src/stores/checklists.ts`),
 * and Reset and Export (Markdown to the clipboard and as a download) become available.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { useStore } from "@nanostores/preact";
import {
  checklistFileName,
  checklistMarkdown,
  codeSpans,
  type ChecklistItem,
} from "../checklists/markdown.ts";
import { format } from "../i18n/define.ts";
import type { ChecklistStrings } from "../i18n/checklist.ts";
import { $checklist, resetChecklist, setTicked, setTicks } from "../stores/checklists.ts";

interface Props {
  id: string;
  title: string;
  items: ChecklistItem[];
  strings: ChecklistStrings;
}

function Rich({ text }: { text: string }) {
  return (
    <>{codeSpans(text).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>
  );
}

export default function Checklist({ id, title, items, strings }: Props) {
  const stored = useStore($checklist(id));
  // The server renders nothing ticked; stored ticks appear only after hydration, so the
  // first client render matches the HTML and every later one updates `checked`.
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState("");
  const [download, setDownload] = useState<string | null>(null);
  const root = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    // Keep boxes ticked before the script arrived.
    const early = [
      ...(root.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]:checked") ?? []),
    ]
      .map((box) => box.dataset["item"] ?? "")
      .filter((itemId) => itemId && !stored.includes(itemId));
    if (early.length > 0) setTicks(id, [...stored, ...early]);
    setReady(true);
  }, []);

  const known = new Set(items.map((item) => item.id));
  const ticked = new Set(ready ? stored.filter((itemId) => known.has(itemId)) : []);
  const file = checklistFileName(id);

  async function exportMarkdown() {
    const markdown = checklistMarkdown(title, items, ticked);
    setDownload(`data:text/markdown;charset=utf-8,${encodeURIComponent(markdown)}`);
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(markdown);
      setStatus(format(strings["export.copied"], { title, total: items.length }));
    } catch {
      setStatus(strings["export.noClipboard"]);
    }
  }

  function reset() {
    resetChecklist(id);
    setDownload(null);
    setStatus(format(strings["reset.done"], { title }));
  }

  return (
    <fieldset class="checklist" ref={root} data-checklist={id}>
      <legend>{title}</legend>
      <ul class="checklist-items">
        {items.map((item) => {
          const box = `cl-${id}-${item.id}`;
          const notes = [item.good && `${box}-good`, item.why && `${box}-why`].filter(Boolean);
          return (
            <li key={item.id}>
              <input
                type="checkbox"
                id={box}
                data-item={item.id}
                checked={ticked.has(item.id)}
                aria-describedby={notes.length > 0 ? notes.join(" ") : undefined}
                onChange={(event) => setTicked(id, item.id, event.currentTarget.checked)}
              />
              <label for={box}>
                <Rich text={item.text} />
              </label>
              {item.good && (
                <p class="checklist-good" id={`${box}-good`}>
                  <span class="checklist-note-label">{strings.good}</span> <Rich text={item.good} />
                </p>
              )}
              {item.why && (
                <p class="checklist-why" id={`${box}-why`}>
                  <span class="checklist-note-label">{strings.why}</span> <Rich text={item.why} />
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div class="checklist-tools no-print">
        <p class="checklist-progress" aria-live="polite">
          {ready ? format(strings.progress, { checked: ticked.size, total: items.length }) : ""}
        </p>
        <div class="checklist-buttons">
          <button type="button" class="button secondary" disabled={!ready} onClick={reset}>
            {strings.reset}
          </button>
          <button
            type="button"
            class="button secondary"
            disabled={!ready}
            onClick={() => void exportMarkdown()}
          >
            {strings.export}
          </button>
          {download && (
            <a class="checklist-download" href={download} download={file}>
              {format(strings.download, { file })}
            </a>
          )}
        </div>
        <p class="checklist-status" role="status" aria-live="polite">
          {status}
        </p>
        <p class="checklist-hint">{strings.hint}</p>
      </div>
    </fieldset>
  );
}
