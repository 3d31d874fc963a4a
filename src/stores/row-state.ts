/**
 * A plan row as the state of a detailed page (`open-row.ts` loads this on demand): the cost
 * page's whole state becomes the row's cost request (the engine's), so none of its example
 * remains; the inference page takes the row's GPU, tensor-parallel group and the users one
 * copy serves, and the training-memory page the row's GPU, count and sharding: the figures
 * each row's memory per GPU was computed for.
 */
import type { PlanRow } from "../estimate/plan/row.ts";
import { $cost } from "./cost.ts";
import { loadEngine } from "./engine.ts";
import { setServing } from "./serving.ts";
import { setTraining } from "./training.ts";

/** The detailed pages a plan row opens on. */
export type RowPage = "cost" | "serving" | "training";

export async function setFromRow(row: PlanRow, page: RowPage): Promise<void> {
  if (page === "training") {
    // The sharding the plan computed the row's memory with (ZeRO-3 where its own did not fit).
    setTraining({
      gpu: row.gpu,
      gpus: row.gpus,
      ...(row.sharding ? { sharding: row.sharding } : {}),
    });
    return;
  }
  if (page === "serving") {
    setServing({
      gpu: row.gpu,
      tensorParallel: row.tensorParallel ?? 1,
      sequences: row.usersPerReplica ?? 1,
    });
    return;
  }
  const request = (await loadEngine())?.costRequestOfRow(row);
  if (request) $cost.set(request);
}
