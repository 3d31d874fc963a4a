/** `cost`: node options side by side with every billed hour and charge, and the cheapest. */
import type { CompareInput, NodeOption } from "../cost.ts";
import { compareOptions, costByGpuCount, monthlyBreakEvenHours } from "../cost.ts";
import { COST_FIELDS } from "./cost-fields.ts";
import type { Resolved } from "./field.ts";
import { issue } from "./issue.ts";
import { defineTask } from "./task.ts";

type CostRequest = Resolved<typeof COST_FIELDS>;

/** The estimator's input for a checked cost request. */
export function costInput(r: CostRequest): CompareInput {
  const { options, monthlyPrice: _monthly, ...rest } = r;
  const input: CompareInput = {
    ...rest,
    options: (options ?? []).map((o) => {
      const option: NodeOption = { gpu: o.gpu, gpus: o.gpus, pricePerHour: o.pricePerHour };
      if (o.runHours !== undefined) option.runHours = o.runHours;
      if (o.scaling !== undefined) option.scaling = o.scaling;
      return option;
    }),
  };
  return input;
}

export const costTask = defineTask({
  id: "cost",
  fields: COST_FIELDS,
  required: ["options"],
  // Without a measured run time and no 1-GPU baseline to scale from, an option would be
  // priced at zero run hours.
  rules: (r) => {
    const options = r.options ?? [];
    const hasBase =
      r.singleGpuHours !== undefined ||
      options.some((o) => o.gpus === 1 && o.runHours !== undefined);
    return hasBase
      ? []
      : options.flatMap((o, i) =>
          o.runHours === undefined ? [issue(`options.${i}.runHours`, "run-hours-needed")] : [],
        );
  },
  run: (r) => {
    const input = costInput(r);
    const result = compareOptions(input);
    const first = input.options[0];
    return {
      ...result,
      hours: result.options[result.cheapest]?.hours ?? 0,
      costByGpuCount: costByGpuCount(input),
      ...(r.monthlyPrice === undefined || !first || first.pricePerHour <= 0
        ? {}
        : { monthlyBreakEvenHours: monthlyBreakEvenHours(first.pricePerHour, r.monthlyPrice) }),
    };
  },
});
