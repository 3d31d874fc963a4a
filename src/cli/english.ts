/** The page's English strings, which the command line prints its messages with. */
import { calculators } from "../i18n/calculators.ts";
import type { Strings } from "../i18n/format.ts";
import { issueStrings } from "../i18n/issues.ts";
import { sourceStrings } from "../i18n/sources.ts";
import { unitStrings } from "../i18n/units.ts";

export const ENGLISH: Strings = {
  ...calculators.en,
  ...issueStrings.en,
  ...unitStrings.en,
  ...sourceStrings.en,
};
