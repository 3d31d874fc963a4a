/**
 * `npm run -s calibrate`: fits the step model's constants to content/reference/
 * decode-calibration.tsv and the calibration runs of content/reference/serving-throughput.tsv,
 * and the training utilisation table to the calibration rows of
 * content/reference/training-throughput.tsv, and writes src/estimate/generated/decode-constants.ts and
 * src/estimate/generated/utilisation-table.ts, and the likely ranges of training times from the
 * leave-one-source-out errors and of serving speeds from the serving validation runs (src/estimate/generated/time-ranges.ts), so the estimator carries plain numbers and never the
 * rows; unit tests fail when the files are not what the rows give.
 */
import { writeFileSync } from "node:fs";
import { loadCalibration } from "../accuracy/calibration.ts";
import {
  servingNeverFittedErrors,
  servingNeverFittedTtftErrors,
} from "../accuracy/serving-holdout.ts";
import { fitDecode, fitRows } from "../accuracy/decode-fit.ts";
import { renderConstants } from "../accuracy/decode-constants-file.ts";
import { loadServingRuns } from "../accuracy/serving-runs.ts";
import { loadHoldout, loadThroughput } from "../accuracy/training-throughput-rows.ts";
import { fitUtilisation } from "../accuracy/utilisation-fit.ts";
import { neverFittedRows } from "../accuracy/source-holdout.ts";
import { fitTimeRanges, renderTimeRanges } from "../accuracy/time-range-fit.ts";
import { renderUtilisationTable } from "../accuracy/utilisation-table-file.ts";
import { loadGpuSpecs } from "../catalog/load.ts";

const gpus = loadGpuSpecs();
const fit = fitDecode(fitRows(loadCalibration(), gpus, loadServingRuns()));
writeFileSync(
  new URL("../estimate/generated/decode-constants.ts", import.meta.url),
  renderConstants(fit),
);
const utilisation = fitUtilisation(loadThroughput(gpus), gpus);
writeFileSync(
  new URL("../estimate/generated/utilisation-table.ts", import.meta.url),
  renderUtilisationTable(utilisation.table),
);
const ranges = fitTimeRanges(
  neverFittedRows(loadThroughput(gpus), loadHoldout(gpus), gpus),
  servingNeverFittedErrors(gpus),
  servingNeverFittedTtftErrors(gpus),
);
writeFileSync(
  new URL("../estimate/generated/time-ranges.ts", import.meta.url),
  renderTimeRanges(ranges),
);
if (utilisation.unfitted.length > 0)
  console.error(`calibration rows no utilisation explains: ${utilisation.unfitted.join(", ")}`);
if (utilisation.thin.length > 0)
  console.error(`keys with too few rows for an entry: ${utilisation.thin.join(", ")}`);
