/**
 * A generalization decision as data a database can apply itself (issue 38 item 1): for each quasi-identifier the
 * source's raw values (as text, as the frequency table read them) and the label each becomes at the chosen level, and
 * the generalized classes the decision keeps with the rows it counted in each. The SQL of
 * engine/source/sql/generalized-rows-sql.ts joins the rows on these tables, so that the engine that holds the data
 * generalizes, suppresses, shuffles and writes it in one statement, and privspec checks the written file against
 * `classes` before putting it in place. It holds no row of the data: only the frequency table's dictionaries and the
 * decision's passing classes.
 */
export interface GeneralizedRows {
  /** The source's columns the file holds, in the file's order. */
  readonly columns: readonly string[];
  /** The file's header: `columns` as they are written (spreadsheet-safe in a CSV). */
  readonly header: readonly string[];
  /** One per quasi-identifier: raw value j becomes label j (as written). */
  readonly quasi: readonly GeneralizedColumn[];
  /** The classes the decision keeps: their labels (as written) in `quasi`'s order, and the rows counted in each. */
  readonly classes: readonly GeneralizedClass[];
  /** The rows the decision keeps (the sum of the classes' rows). */
  readonly rows: number;
  /** Whether a column that is no quasi-identifier is written spreadsheet-safe by the SQL (a CSV: yes). */
  readonly spreadsheetSafe: boolean;
}

export interface GeneralizedColumn {
  readonly column: string;
  readonly values: readonly string[];
  readonly labels: readonly string[];
}

export interface GeneralizedClass {
  readonly labels: readonly string[];
  readonly rows: number;
}

/**
 * The first class whose counts in a written file differ from the decision's, as a sentence; undefined when the file
 * holds exactly the decision's classes with the decision's rows. `written` maps a class's labels (joined by
 * `classKey`) to the rows the file holds in it.
 */
export function classCountMismatch(plan: GeneralizedRows, written: ReadonlyMap<string, number>): string | undefined {
  const expected = new Map(plan.classes.map((c) => [classKey(c.labels), c]));
  for (const c of plan.classes) {
    const seen = written.get(classKey(c.labels)) ?? 0;
    if (seen !== c.rows)
      return `the generalized class ${JSON.stringify(c.labels)} holds ${seen} written rows, the decision counted ${c.rows}`;
  }
  for (const [key, rows] of written)
    if (!expected.has(key))
      return `the file holds ${rows} rows of the generalized class ${JSON.stringify(JSON.parse(key))}, which the decision does not keep`;
  return undefined;
}

/** A class's labels as one key (JSON, so that no two label lists share a key). */
export function classKey(labels: readonly string[]): string {
  return JSON.stringify(labels);
}
