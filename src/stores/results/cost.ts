/** The node options of the cost comparison, priced with every billed hour. */
import type { costTask } from "../../estimate/tasks/cost.ts";
import { $cost } from "../cost.ts";
import { taskStores } from "../outcome.ts";
import { costRequest } from "../requests.ts";

export const costComparison = taskStores<ReturnType<(typeof costTask)["run"]>, [typeof $cost]>(
  "cost",
  [$cost],
  costRequest,
);
