/**
 * The decision table's "Your prices": a note that reference prices stand in until you enter
 * yours, a button to add one, and, once there is a price, its rows (a GPU, the price per
 * GPU-hour and its currency, remove, clear), each showing the plan's message about its own
 * price (a currency other than the plan's) beside the field that caused it. The rows'
 * controls load only once there is a price to edit: a fresh visit has none.
 */
import { onMount } from "nanostores";
import type { GpuChoice } from "../catalog.ts";
import { YOUR_PRICES_FIELDS } from "../../estimate/cost/price-fields.ts";
import type { TaskResult } from "../../estimate/registry.ts";
import { msg } from "../../i18n/text.ts";
import { lazy } from "../lazy.ts";
import type { YourPricesState } from "../your-prices.ts";
import { $yourPrices } from "../your-prices.ts";
import type { FieldView } from "./fields.ts";
import type { Held } from "./result.ts";
import type { Currency } from "../../estimate/vocabulary.ts";

const rowsEditor = lazy(() => import("./your-prices-rows.ts"));
/** Whether the rows' controls have loaded: a view showing the group reads it. */
export const $rowsEditor = rowsEditor.$state;
// Stored from an earlier visit or added now: the rows' controls load while the group is
// shown with a price to edit, never during a render.
onMount($rowsEditor, () =>
  $yourPrices.subscribe((s) => {
    if (s.prices?.length && rowsEditor.$state.get().status === "idle") void rowsEditor.load();
  }),
);

export function yourPricesGroup(
  id: string,
  state: YourPricesState,
  editor: ReturnType<typeof $rowsEditor.get>,
  outcome: Held<TaskResult<"plan">>,
  gpus: readonly GpuChoice[],
  /** The plan's currency, which a new price takes until the user says otherwise. */
  currency: Currency,
): FieldView {
  const rows = state.prices ?? [];
  const rowViews: FieldView[] =
    editor.status === "ready"
      ? editor.module.priceRows(id, rows, outcome, gpus)
      : editor.status === "failed"
        ? [
            {
              kind: "button",
              id: `${id}-retry`,
              label: msg("lazy.failed"),
              onClick: () => void rowsEditor.load(),
            },
          ]
        : [];
  return {
    kind: "group",
    id,
    legend: msg("gf.yp.title"),
    note: msg("gf.yp.note"),
    fields: [
      ...(rows.length ? rowViews : []),
      ...(rows.length < Math.min(YOUR_PRICES_FIELDS.prices.max, gpus.length)
        ? [
            {
              kind: "button" as const,
              id: `${id}-add`,
              label: msg("gf.yp.add"),
              onClick: () => void rowsEditor.load().then((m) => m?.addPrice(currency)),
            },
          ]
        : []),
    ],
  };
}
