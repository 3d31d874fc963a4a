/**
 * The training fields as a widget shows them: what is set, then the chosen framework's
 * defaults (the task's own `trainingDefaults`), then the table's.
 */
import { trainingDefaults } from "../../estimate/memory/training-defaults.ts";
import { TRAINING_FIELDS } from "../../estimate/memory/training-fields.ts";
import { shownWith } from "../field-store.ts";

export const trainingShown = shownWith(TRAINING_FIELDS, trainingDefaults);
