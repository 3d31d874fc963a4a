/**
 * The rows of "Your prices" (a GPU, its price per GPU-hour and currency, remove) and the
 * button that clears them: loaded only once there is a price to edit (`your-prices.ts`).
 */
import type { GpuChoice } from "../catalog.ts";
import { YOUR_PRICE_FIELDS } from "../../estimate/cost/price-fields.ts";
import type { TaskResult } from "../../estimate/registry.ts";
import { msg } from "../../i18n/text.ts";
import type { YourPriceState } from "../your-prices.ts";
import { clearPrices, removePrice, setPrice } from "../your-prices-edit.ts";

/** Adding a price loads this module first (`views/your-prices.ts`). */
export { addPrice } from "../your-prices-edit.ts";
import type { FieldView } from "./fields.ts";
import { listEditor } from "./list-editor.ts";
import type { Held } from "./result.ts";
import { issuesAt } from "./result.ts";
import { issueMessage } from "../../i18n/messages.ts";
import { pageIssue } from "../page-issues.ts";

export function priceRows(
  id: string,
  rows: readonly YourPriceState[],
  outcome: Held<TaskResult<"plan">>,
  gpus: readonly GpuChoice[],
): FieldView[] {
  const taken = new Set(rows.map((p) => p.gpu));
  // A GPU listed twice (an edited link): the plan takes its first row's price.
  const twice = (i: number) => rows.findIndex((p) => p.gpu === rows[i]?.gpu) < i;
  return [
    ...listEditor({
      id,
      addId: `${id}-add`,
      item: YOUR_PRICE_FIELDS,
      rows,
      canRemove: true,
      // The add button comes with the group, before this part loads.
      canAdd: false,
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
      add: () => undefined,
      // The plan names a price by its GPU (`prices.<gpu>.currency`).
      issues: (i) =>
        twice(i)
          ? { gpu: issueMessage(pageIssue("gpu", "duplicate", { value: rows[i]?.gpu ?? "" })) }
          : issuesAt(outcome, `prices.${rows[i]?.gpu ?? ""}`),
      // Each GPU has one price: a row chooses among the GPUs no other row prices.
      gpus: (i) => gpus.filter((g) => g.id === rows[i]?.gpu || !taken.has(g.id)),
    }),
    { kind: "button", id: `${id}-clear`, label: msg("gf.yp.clear"), onClick: clearPrices },
  ];
}
