/**
 * A list of records edited in place (the cost comparison's node options, your prices): one
 * group of inputs per row under its legend, with a remove button while the list may shrink,
 * then an add button while it may grow. The inputs come from the row's field table.
 */
import type { GpuChoice } from "../catalog.ts";
import type { Fields } from "../../estimate/request/field.ts";
import type { Msg, Text } from "../../i18n/text.ts";
import type { Changes } from "../field-store.ts";
import type { FieldView } from "./fields.ts";
import { fieldViews } from "./fields.ts";

export interface ListEdit<F extends Fields> {
  /** Prefix of each row's ids (`cc-o` → `cc-o0-gpu`, `cc-o0-remove`). */
  id: string;
  addId: string;
  item: F;
  rows: readonly Readonly<Record<string, unknown>>[];
  /** The list may shrink (each row gets a remove button) / grow (an add button follows). */
  canRemove: boolean;
  canAdd: boolean;
  legend: (i: number) => Text;
  removeLabel: (i: number) => Text;
  addLabel: Text;
  /** The inputs of row `i`, drawn with `of` (the row's `fieldViews`). */
  inputs: (of: ReturnType<typeof fieldViews<F>>, i: number) => FieldView[];
  set: (i: number, changes: Changes<F>) => void;
  remove: (i: number) => void;
  add: () => void;
  /** Row `i`'s messages from the estimate, by field name. */
  issues: (i: number) => Readonly<Record<string, Msg>>;
  /** The GPUs row `i` may choose. */
  gpus: (i: number) => readonly GpuChoice[];
  /** The currency money fields are in ("Node price (USD per hour)"). */
  currency?: string | undefined;
}

export function listEditor<F extends Fields>(e: ListEdit<F>): FieldView[] {
  const row = (value: Readonly<Record<string, unknown>>, i: number): FieldView => {
    const id = `${e.id}${i}`;
    const of = fieldViews({
      id,
      fields: e.item,
      value,
      set: (c) => e.set(i, c),
      issues: e.issues(i),
      gpus: e.gpus(i),
      currency: e.currency,
    });
    return {
      kind: "group",
      id,
      legend: e.legend(i),
      fields: [
        ...e.inputs(of, i),
        ...(e.canRemove
          ? [
              {
                kind: "button" as const,
                id: `${id}-remove`,
                label: e.removeLabel(i),
                onClick: () => e.remove(i),
              },
            ]
          : []),
      ],
    };
  };
  return [
    ...e.rows.map(row),
    ...(e.canAdd
      ? [{ kind: "button" as const, id: e.addId, label: e.addLabel, onClick: e.add }]
      : []),
  ];
}
