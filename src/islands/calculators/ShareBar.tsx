/**
 * Copy link / Reset / Print, and the note about link fields that were invalid. Hidden in
 * print (`no-print`); the printed page keeps inputs, results, assumptions and warnings.
 */
import { useState } from "preact/hooks";
import { $linkNote, resetAll, shareUrl } from "../../stores/share.ts";
import type { Strings } from "./format.ts";
import { tr } from "./format.ts";
import { useCalc } from "./hooks.ts";

export interface ShareBarProps {
  t: Strings;
  hydrated: boolean;
}

export function ShareBar(p: ShareBarProps) {
  const [status, setStatus] = useState("");
  const [link, setLink] = useState("");
  const note = useCalc($linkNote, p.hydrated);
  const copy = async () => {
    const url = shareUrl(window.location);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setStatus(tr(p.t, "share.copied"));
    } catch {
      // Clipboard refused (permissions, insecure context): the link is shown to copy by hand.
      setStatus(tr(p.t, "share.copyManual"));
    }
  };
  return (
    <div class="calc-share no-print">
      <div class="calc-buttons">
        <button type="button" disabled={!p.hydrated} onClick={copy}>
          {tr(p.t, "share.copy")}
        </button>
        <button type="button" disabled={!p.hydrated} onClick={() => { resetAll(); setStatus(tr(p.t, "share.didReset")); }}>
          {tr(p.t, "share.reset")}
        </button>
        <button type="button" disabled={!p.hydrated} onClick={() => window.print()}>
          {tr(p.t, "share.print")}
        </button>
      </div>
      <p class="calc-status" role="status">
        {status}
      </p>
      {link && (
        <label class="calc-link">
          {tr(p.t, "share.link")}
          <input type="text" readOnly value={link} class="calc-link-url" onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
        </label>
      )}
      {note.length > 0 && (
        <p class="calc-link-note" role="alert">
          {tr(p.t, "share.invalid", { count: note.length, fields: note.join(", ") })}
        </p>
      )}
    </div>
  );
}
