/**
 * The analyzer's state machine, per run slot (A, the run analysed; B, a second run to
 * compare): idle → loading (progress) → loaded, or refused with the reason. Loading, and any
 * change of settings, asks the worker; only its answer to the latest request of a slot counts.
 */
import { atom, computed } from "nanostores";
import { checkLogSize } from "../../run-log/nvidia-smi-csv.ts";
import type { LogReading } from "../../run-log/readers/types.ts";
import type { LoadError, LoadedRun, Slot } from "../../workers/analyzer/protocol.ts";
import type { AnalyzerSettings } from "./settings.ts";
import { $settings, WORK_SCOPES, WORK_UNITS, workerSettings } from "./settings.ts";
import { onWorker, send } from "./worker-client.ts";

export interface SlotState {
  run: LoadedRun | null;
  /** A trainer's or server's own log, read instead of an nvidia-smi run; with its file name. */
  reading: { name: string; reading: LogReading } | null;
  error: LoadError | null;
  /** 0..1 while the worker reads the log; null otherwise. */
  progress: number | null;
  /** The latest request for this slot; answers to older ones are dropped. */
  id: number;
}

const EMPTY: SlotState = { run: null, reading: null, error: null, progress: null, id: 0 };
export const SLOTS = ["a", "b"] as const;
export const $slots = atom<Record<Slot, SlotState>>({ a: EMPTY, b: EMPTY });
/**
 * One slot's state, and its run: each changes only when that slot's does, so progress on one
 * run re-renders its progress bar and nothing else.
 */
export const $slot = { a: computed($slots, (s) => s.a), b: computed($slots, (s) => s.b) };
export const $run = {
  a: computed($slot.a, (s) => s.run),
  b: computed($slot.b, (s) => s.run),
};
/** Which of run A's listed GPUs the charts show. */
export const $gpuShown = atom(0);
/** Shows one of run A's listed GPUs, by its place in the list as the picker gives it. */
export function showGpu(choice: string): void {
  const i = Number(choice);
  if (Number.isInteger(i) && i >= 0) $gpuShown.set(i);
}

function patch(slot: Slot, s: Partial<SlotState>): void {
  const all = $slots.get();
  $slots.set({ ...all, [slot]: { ...all[slot], ...s } });
}

/**
 * Marks a request as the slot's latest (a load starts its progress bar); a worker that
 * cannot start is a read failure.
 */
function started(slot: Slot, id: number, loading: boolean): void {
  if (id === 0) patch(slot, { error: { error: "read-failed" }, progress: null });
  else patch(slot, loading ? { id, progress: 0, error: null } : { id });
}

function refuse(slot: Slot, error: LoadError): void {
  patch(slot, { error, run: null, reading: null, progress: null });
}

/** Refuses a log over the size limit before anything reads it; true when refused. */
function tooLarge(slot: Slot, size: number): boolean {
  const c = checkLogSize(size);
  if (!c.ok)
    refuse(slot, { error: "too-large", limitBytes: c.limitBytes, receivedBytes: c.receivedBytes });
  return !c.ok;
}

/** Loads a log file or pasted text into a slot; `name` is "" for a paste. */
export function loadLog(slot: Slot, source: { file: File } | { text: string }, name: string): void {
  const size = "file" in source ? source.file.size : source.text.length;
  if (tooLarge(slot, size)) return;
  if (slot === "a") $gpuShown.set(0);
  const settings = workerSettings($settings.get(), slot);
  const load = { type: "load", slot, name, settings } as const;
  started(
    slot,
    "file" in source ? send({ ...load, file: source.file }) : send(load, source.text),
    true,
  );
}

/**
 * Changes what the analysis depends on; the loaded runs are analysed again (the worker keeps
 * their parse, so only the throughput and the memory to rent are redone).
 */
export function changeSettings(next: Partial<AnalyzerSettings>): void {
  const s = { ...$settings.get(), ...next };
  $settings.set(s);
  for (const slot of SLOTS)
    if ($slots.get()[slot].run)
      started(slot, send({ type: "settings", slot, settings: workerSettings(s, slot) }), false);
}

/** A unit or scope from a select: only its own options are taken. */
export function changeUnit(unit: string): void {
  const u = WORK_UNITS.find((x) => x === unit);
  if (u) changeSettings({ unit: u });
}
export function changeScope(scope: string): void {
  const s = WORK_SCOPES.find((x) => x === scope);
  if (s) changeSettings({ scope: s });
}

onWorker((m) => {
  const slots = $slots.get();
  if (m.type === "crashed") {
    for (const s of SLOTS)
      if (slots[s].id) patch(s, { progress: null, error: { error: "read-failed" } });
    return;
  }
  const slot = m.type === "progress" ? SLOTS.find((s) => slots[s].id === m.id) : m.slot;
  if (!slot || slots[slot].id !== m.id) return;
  if (m.type === "progress") patch(slot, { progress: m.fraction });
  else if (m.type === "done")
    patch(slot, { run: m.run, reading: null, error: null, progress: null });
  else if (m.type === "log")
    patch(slot, {
      reading: { name: m.name, reading: m.reading },
      run: null,
      error: null,
      progress: null,
    });
  // "No data" keeps the run shown; any other failure replaces it.
  else
    patch(slot, {
      error: m.failure,
      progress: null,
      ...(m.failure.error === "no-data" ? {} : { run: null, reading: null }),
    });
});
