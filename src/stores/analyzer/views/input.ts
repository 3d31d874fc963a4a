/** What a log input shows: its size limit, the reading progress, and why a log was refused. */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import { BYTES_PER_MIB } from "../../../estimate/units.ts";
import { MAX_LOG_BYTES } from "../../../run-log/nvidia-smi-csv.ts";
import type { LoadError } from "../../../workers/analyzer/protocol.ts";
import type { PasteBox } from "../paste.ts";
import type { SlotState } from "../slots.ts";

export interface InputView {
  limit: string;
  text: string;
  /** 0..1 while reading, with its percentage; null otherwise. */
  progress: number | null;
  progressPct: string;
  /** A refusal, or a note on a paste kept out of the box; "" for none. */
  message: string;
  /** The message is a refusal, not a note. */
  refused: boolean;
}

function errorText(e: LoadError, t: Strings, lang: string): string {
  if (e.error === "too-large")
    return tr(t, "load.too-large", {
      size: num(lang, e.receivedBytes / BYTES_PER_MIB, 1),
      limit: num(lang, e.limitBytes / BYTES_PER_MIB, 0),
    });
  if (e.error === "schema") return tr(t, "load.schema", { path: e.path || "schema" });
  if (e.error === "log-refused")
    return tr(t, "load.log-refused", {
      format: e.format ? tr(t, `fmt.${e.format}`) : tr(t, "fmt.unknown"),
      line: num(lang, e.line, 0),
      why: tr(t, `logIssue.${e.code}`),
    });
  return tr(t, `load.${e.error}`);
}

export function inputView(slot: SlotState, box: PasteBox, t: Strings, lang: string): InputView {
  const taken =
    box.taken === null
      ? ""
      : tr(t, "in.pasteTaken", { size: num(lang, box.taken / BYTES_PER_MIB, 1) });
  return {
    limit: tr(t, "in.limit", { mb: num(lang, MAX_LOG_BYTES / BYTES_PER_MIB, 0) }),
    text: box.text,
    progress: slot.progress,
    progressPct: slot.progress === null ? "" : `${num(lang, slot.progress * 100, 0)}%`,
    message: box.empty
      ? tr(t, "in.emptyPaste")
      : slot.error
        ? errorText(slot.error, t, lang)
        : taken,
    refused: box.empty || slot.error !== null,
  };
}
