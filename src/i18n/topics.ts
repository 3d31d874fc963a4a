/** Sidebar groups, in reading order. Labels live in the UI dictionaries (`topic.<id>`). */
export const TOPICS = [
  "start",
  "measure",
  "sizing",
  "hardware",
  "cost",
  "checklists",
  "reference",
] as const;
export type Topic = (typeof TOPICS)[number];
