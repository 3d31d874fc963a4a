/** The text of src/estimate/generated/decode-constants.ts for a fit (written by `npm run -s calibrate`). */
import type { DecodeFit } from "./decode-fit.ts";

export function renderConstants(fit: DecodeFit): string {
  return `/**
 * Step constants fitted to the calibration rows (content/reference/decode-calibration.tsv and
 * the calibration runs of serving-throughput.tsv) by src/accuracy/decode-fit.ts. Generated
 * by \`npm run -s calibrate\`: do not edit; a unit
 * test fails when this file is not what the rows give. \`rows\` counts the measurements
 * behind each constant; a constant missing here had no rows (decode-step.ts says what
 * stands in for it).
 */
import type { DecodeConstants } from "../serving/decode-step.ts";

export const DECODE_CONSTANTS: DecodeConstants = ${JSON.stringify(fit, null, 2)};
`;
}
