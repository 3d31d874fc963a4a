/**
 * What the model picker's weights-file way shows: the drop zone's state, what the last
 * reading found (parameters, bytes, bits per weight, the largest tensor types, notes) or
 * why a file was refused.
 */
import { atom } from "nanostores";
import { msg, qty } from "../../i18n/text.ts";
import type { Msg, Text } from "../../i18n/text.ts";
import { BYTES_PER_GB } from "../../estimate/units.ts";
import { $fileRead, pasteIndex, readIndex, readWeightFiles } from "../model-files.ts";
import { defineView } from "./define.ts";

/** How many tensor types to list: the largest few say what the file is. */
const SHOWN_TYPES = 4;

/** Page-local: the pasted index text and whether a drag is over the zone. */
const $indexText = atom("");
const $dragOver = atom(false);
export const setIndexText = (text: string): void => $indexText.set(text);
export const setDragOver = (over: boolean): void => $dragOver.set(over);
export const readFiles = (files: readonly File[]): void => {
  if (files.length > 0) void readWeightFiles(files);
};
export const readPastedIndex = (): void => void readIndex($indexText.get());
/** A paste into the index box: true when it is read as it came instead of shown. */
export const pastedIntoIndex = (text: string): boolean => pasteIndex(text) === "read";

const gb = (bytes: number) => qty(bytes / BYTES_PER_GB, "gb", 1);

export const weightsFilesView = defineView(
  [$fileRead, $indexText, $dragOver],
  (s, indexText, dragOver) => {
    let status: Text | null = null;
    if (s.status === "reading") status = msg("mf.reading");
    if (s.status === "load-failed") status = msg("mf.loadFailed");
    if (s.status === "error") {
      const { file, ...params } = s.error.params ?? {};
      const text = msg(`mf.err.${s.error.code}`, params);
      status = file === undefined ? text : msg("mf.fileError", { file: String(file), text });
    }
    const r = s.status === "read" ? s.reading : null;
    return {
      dragOver,
      indexText,
      canReadIndex: indexText.trim() !== "",
      failed: s.status === "error" || s.status === "load-failed",
      status,
      reading: r && {
        format: r.format,
        figures: [
          {
            key: "file-params",
            label: msg("mf.params"),
            value: qty(r.params / 1e9, "billions", 2),
          },
          { key: "file-bytes", label: msg("mf.bytes"), value: gb(r.weightBytes) },
          { key: "file-bpw", label: msg("mf.bpw"), value: qty(r.bitsPerWeight, undefined, 2) },
        ],
        types: msg("mf.typesList", {
          types: {
            list: r.types
              .slice(0, SHOWN_TYPES)
              .map((x) => msg("mf.type", { name: x.name, bytes: gb(x.bytes) })),
          },
        }),
        notes: [
          ...(s.status === "read" && s.pastedChars !== undefined
            ? [
                {
                  key: "paste-read",
                  text: msg("mf.pasteRead", { size: qty(s.pastedChars / 1e6, undefined, 1) }),
                },
              ]
            : []),
          ...r.notes.map(({ code, ...params }): { key: string; text: Msg } => ({
            key: code,
            text: msg(`mf.note.${code}`, params),
          })),
          {
            key: "applied",
            text: msg("mf.applied", {
              bits: qty(r.weightBits, undefined, 2),
              engine: r.format === "gguf" ? msg("mf.appliedEngine") : "",
            }),
          },
        ],
      },
    };
  },
);
