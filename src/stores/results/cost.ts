/** The node options of the cost comparison, priced with every billed hour. */
import { costTask } from "../../estimate/tasks/cost.ts";
import { $cost } from "../cost.ts";
import { taskStores } from "../outcome.ts";
import { costRequest } from "../requests.ts";

export const costComparison = taskStores(costTask, [$cost] as const, costRequest);
