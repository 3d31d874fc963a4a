/** The page's English strings, which the command line prints its messages with. */
import { calculatorStrings } from "../i18n/calculators.ts";
import type { Strings } from "../i18n/format.ts";

export const ENGLISH: Strings = calculatorStrings("en");
