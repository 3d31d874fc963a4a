/**
 * `npm run -s calibrate`: fits the step model's constants to content/reference/
 * decode-calibration.tsv and the calibration runs of content/reference/serving-throughput.tsv,
 * and writes src/estimate/decode-constants.ts, so the estimator carries plain numbers and
 * never the rows; a unit test fails when the file is not what the rows give.
 */
import { writeFileSync } from "node:fs";
import { loadCalibration } from "../accuracy/calibration.ts";
import { fitDecode, fitRows } from "../accuracy/decode-fit.ts";
import { renderConstants } from "../accuracy/decode-constants-file.ts";
import { loadServingRuns } from "../accuracy/serving-runs.ts";
import { loadGpuSpecs } from "../catalog/load.ts";

const fit = fitDecode(fitRows(loadCalibration(), loadGpuSpecs(), loadServingRuns()));
writeFileSync(new URL("../estimate/decode-constants.ts", import.meta.url), renderConstants(fit));
