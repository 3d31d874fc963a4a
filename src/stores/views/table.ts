/** A result table as a view: its caption, column heads, and each row's head and cells. */
import type { Text } from "../../i18n/text.ts";

export interface CellView {
  text: Text;
  /** Tags the cell (`data-k`) for tests and print. */
  k?: string;
  /** A link after the text (a price's source). */
  link?: { href: string; text: Text } | null;
}

export interface RowView {
  key: string;
  /** `data-*` attributes of the row (the GPU and its verdict). */
  data?: Record<`data-${string}`, string | number>;
  head: Text;
  /** A word after the head ("cheapest"). */
  mark?: Text | null;
  cells: CellView[];
}

export interface TableView {
  /** Tags the table (`data-table`). */
  name?: string;
  caption: Text;
  columns: Text[];
  rows: RowView[];
}
