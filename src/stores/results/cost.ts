/** The node options of the cost comparison, priced with every billed hour. */
import { $cost } from "../cost.ts";
import { taskStores } from "../outcome.ts";
import { costRequest } from "../requests.ts";

export const costComparison = taskStores("cost", [$cost], costRequest);
