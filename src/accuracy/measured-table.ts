/**
 * A file of measured rows (`content/reference/*.tsv`) read the one way every such file is:
 * the header must be the columns the schema names, every row has one cell per column, each
 * row passes its schema, ids are unique and GPUs are catalog ids; a file's own rules (a
 * source's role, a model that must be a preset) come in as `check`. Every problem is
 * reported at once with its line, so a broken edit says where it is; a wrong unit or a
 * missing source fails the build through the unit tests that load these files.
 */
import { z } from "zod";

/**
 * Who published a row's figure (a lab, a project, a course), one id however many of its
 * documents the rows cite: calibration and validation are split by publisher, so no
 * publisher's setup is both fitted on and scored against.
 */
export const publisherId = z
  .string()
  .regex(/^[a-z0-9.-]+$/, "publisher ids are lowercase words joined by '-'");

export interface MeasuredTable<S extends z.ZodType<{ id: string; gpu: string }>> {
  /** The file's name, for messages. */
  file: string;
  columns: readonly string[];
  schema: S;
  gpuIds: ReadonlySet<string>;
  /** The file's own rules for one parsed row: what is wrong with it, if anything. */
  check?: (row: z.infer<S>) => string[];
}

/** A cell as a spreadsheet writes it: `"…"` with `""` for a quote inside; others as they are. */
function unquote(cell: string): string {
  return cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"')
    ? cell.slice(1, -1).replaceAll('""', '"')
    : cell;
}

/** The file's rows, parsed and checked; throws with every problem, each naming its line. */
export function parseMeasuredTable<S extends z.ZodType<{ id: string; gpu: string }>>(
  text: string,
  t: MeasuredTable<S>,
): z.infer<S>[] {
  const [header, ...lines] = text.split("\n").filter((l) => l.trim() !== "");
  if (header?.split("\t").join(",") !== t.columns.join(","))
    throw new Error(`${t.file}: the header must be ${t.columns.join(" ")}`);
  const problems: string[] = [];
  const rows: z.infer<S>[] = [];
  const ids = new Set<string>();
  lines.forEach((line, i) => {
    const where = `line ${i + 2}`;
    const cells = line.split("\t");
    if (cells.length !== t.columns.length) {
      problems.push(`${where}: ${cells.length} cells, not ${t.columns.length}`);
      return;
    }
    const raw = Object.fromEntries(t.columns.map((c, k) => [c, unquote(cells[k] ?? "")]));
    const parsed = t.schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${where}: ${issue.path.join(".")}: ${issue.message}`);
      return;
    }
    const row = parsed.data;
    if (ids.has(row.id)) problems.push(`${where}: duplicate id ${row.id}`);
    if (!t.gpuIds.has(row.gpu)) problems.push(`${where}: GPU "${row.gpu}" is not in the catalog`);
    for (const p of t.check?.(row) ?? []) problems.push(`${where}: ${p}`);
    ids.add(row.id);
    rows.push(row);
  });
  if (problems.length) throw new Error(`${t.file}:\n${problems.join("\n")}`);
  return rows;
}
