/**
 * The decision table's "Your prices": one row per GPU the user priced (its GPU, the price per
 * GPU-hour and its currency), add, remove and clear; each row shows the plan's message about
 * its own price (a currency other than the plan's) beside the field that caused it.
 */
import type { GpuSpec } from "../../estimate/gpu.ts";
import { YOUR_PRICE_FIELDS, YOUR_PRICES_FIELDS } from "../../estimate/tasks/plan-fields.ts";
import type { Outcome } from "../../estimate/tasks/task.ts";
import { msg } from "../../i18n/text.ts";
import type { YourPricesState } from "../your-prices.ts";
import { addPrice, clearPrices, removePrice, setPrice } from "../your-prices.ts";
import type { FieldView } from "./fields.ts";
import { listEditor } from "./list-editor.ts";
import { issuesAt } from "./result.ts";

export function yourPricesGroup(
  id: string,
  state: YourPricesState,
  outcome: Outcome<unknown> | null,
  gpus: readonly GpuSpec[],
): FieldView {
  const rows = state.prices ?? [];
  const taken = new Set(rows.map((p) => p.gpu));
  return {
    kind: "group",
    id,
    legend: msg("gf.yp.title"),
    note: msg("gf.yp.note"),
    fields: [
      ...listEditor({
        id: `${id}`,
        addId: `${id}-add`,
        item: YOUR_PRICE_FIELDS,
        rows,
        canRemove: true,
        canAdd: rows.length < Math.min(YOUR_PRICES_FIELDS.prices.max, gpus.length),
        legend: (i) => msg("gf.yp.row", { n: i + 1 }),
        removeLabel: (i) => msg("gf.yp.remove", { n: i + 1 }),
        addLabel: msg("gf.yp.add"),
        inputs: (of) => [
          of("gpu"),
          of("pricePerGpuHour"),
          of("currency", { label: "gf.yp.currency" }),
        ],
        set: setPrice,
        remove: removePrice,
        add: addPrice,
        // The plan names a price by its GPU (`prices.<gpu>.currency`).
        issues: (i) => issuesAt(outcome, `prices.${rows[i]?.gpu ?? ""}`),
        // Each GPU has one price: a row chooses among the GPUs no other row prices.
        gpus: (i) => gpus.filter((g) => g.id === rows[i]?.gpu || !taken.has(g.id)),
      }),
      ...(rows.length
        ? [
            {
              kind: "button" as const,
              id: `${id}-clear`,
              label: msg("gf.yp.clear"),
              onClick: clearPrices,
            },
          ]
        : []),
    ],
  };
}
