/** Fixtures and checks shared by the log-reader tests. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type {
  LogReading,
  LogReadResult,
  LogRefusal,
} from "../../../../src/run-log/readers/index.ts";

export const logFixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../../../fixtures/logs/${name}`, import.meta.url)), "utf8");

/** The reading, failing the test on a refusal. */
export function reading(r: LogReadResult): LogReading {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r;
}

export function refused(r: LogReadResult): LogRefusal {
  if (r.ok) throw new Error("expected a refusal");
  expect(r.issues.length).toBeGreaterThan(0);
  return r;
}

/** Every number anywhere in the value is finite (no NaN or Infinity leaks into a result). */
export const allFinite = (v: unknown): boolean =>
  typeof v === "number"
    ? Number.isFinite(v)
    : Array.isArray(v)
      ? v.every(allFinite)
      : v !== null && typeof v === "object"
        ? Object.values(v).every(allFinite)
        : true;

export const GIB = 2 ** 30;
export const MIB = 2 ** 20;
