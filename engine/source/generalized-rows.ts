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
  /** One per quasi-identifier: its raw values and the label each becomes. */
  readonly quasi: readonly GeneralizedColumn[];
  /**
   * The classes the decision keeps, column by column (a 10^8-row file has millions of classes, which as one object
   * each would outgrow the run's memory): class c's label of quasi-identifier i is `quasi[i].labels[codes[i][c]]`.
   */
  readonly classes: GeneralizedClasses;
  /** The rows the decision keeps (the sum of the classes' rows). */
  readonly rows: number;
  /** Whether a column that is no quasi-identifier is written spreadsheet-safe by the SQL (a CSV: yes). */
  readonly spreadsheetSafe: boolean;
}

export interface GeneralizedColumn {
  readonly column: string;
  /** The raw values, as text. */
  readonly values: readonly string[];
  /** The labels of the chosen level, as written, each once. */
  readonly labels: readonly string[];
  /** Raw value j becomes `labels[codes[j]]`. */
  readonly codes: Int32Array;
}

export interface GeneralizedClasses {
  readonly count: number;
  /** Per quasi-identifier, each class's label (an index into that column's `labels`). */
  readonly codes: readonly Int32Array[];
  /** The rows the decision counted in each class. */
  readonly rows: Int32Array;
}

/** The label raw value j of `q` becomes. */
export function valueLabel(q: GeneralizedColumn, j: number): string {
  return q.labels[q.codes[j]];
}

/** Class c's labels, in the quasi-identifiers' order. */
export function classLabels(plan: GeneralizedRows, c: number): string[] {
  return plan.quasi.map((q, i) => q.labels[plan.classes.codes[i][c]]);
}

/**
 * The first class whose counts in a written file differ from the decision's, as a sentence; undefined when the file
 * holds exactly the decision's classes with the decision's rows. `written` maps a class's labels (joined by
 * `classKey`) to the rows the file holds in it.
 */
export function classCountMismatch(plan: GeneralizedRows, written: ReadonlyMap<string, number>): string | undefined {
  const expected = new Set<string>();
  for (let c = 0; c < plan.classes.count; c++) {
    const labels = classLabels(plan, c);
    const key = classKey(labels);
    expected.add(key);
    const mismatch = classMismatchText(labels, written.get(key) ?? 0, plan.classes.rows[c]);
    if (mismatch) return mismatch;
  }
  for (const [key, rows] of written)
    if (!expected.has(key)) return classMismatchText(JSON.parse(key) as string[], rows, 0);
  return undefined;
}

/**
 * A class's written and decided rows as the sentence of a mismatch; undefined when they agree. `rows` names what was
 * counted: the rows a server sent and privspec wrote ('written rows'), or those the engine's statement selects
 * ('rows').
 */
export function classMismatchText(
  labels: readonly string[],
  written: number,
  decided: number,
  rows = 'written rows',
): string | undefined {
  if (written === decided) return undefined;
  return decided === 0
    ? `the file holds ${written} rows of the generalized class ${JSON.stringify(labels)}, which the decision does not keep`
    : `the generalized class ${JSON.stringify(labels)} holds ${written} ${rows}, the decision counted ${decided}`;
}

/** A class's labels as one key (JSON, so that no two label lists share a key). */
export function classKey(labels: readonly string[]): string {
  return JSON.stringify(labels);
}
