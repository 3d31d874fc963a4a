/** A result table as a view: its caption, column heads, and each row's head and cells. */
import type { Text } from "../../i18n/text.ts";

/** The decision table's id, which the front door's "every GPU" link lands on. */
export const PLAN_TABLE_ANCHOR = "gpu-table";

export interface CellView {
  text: Text;
  /** Tags the cell (`data-k`) for tests and print. */
  k?: string;
  /**
   * A link after the text: a price's source, or a detailed page opened on this row
   * (`onClick` sets that page's stores first, then opens it).
   */
  link?: { href: string; text: Text; onClick?: (e: Event) => void } | null;
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
  /** The id a link lands on (`#…`): the table's box, its "more columns" box included. */
  anchor?: string;
  caption: Text;
  columns: Text[];
  /**
   * Columns most readers skip (indices into `columns`), hidden until the box labelled
   * `label` is ticked; the rest of the table reads alone, on a phone's cards too.
   */
  more?: { columns: readonly number[]; label: Text };
  rows: RowView[];
  /**
   * On a phone, only the first `first` rows (cards) until the button is pressed; wider
   * screens and print show every row (calc.css).
   */
  collapse?: { first: number; expanded: boolean; label: Text; toggle: () => void } | null;
}
