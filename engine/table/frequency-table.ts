/**
 * A frequency table: the distinct records of a table over a chosen list of columns, each with the number of rows that
 * hold it. It is what every anonymity model, risk model and the lattice search need (they never distinguish two rows
 * that agree on the columns they read), and it is exactly what a database hands back for
 * `SELECT cols…, count(*) … GROUP BY cols…` — the interface a database or a cluster source implements.
 *
 * Which columns it groups by is the caller's choice: the quasi-identifiers alone for k-anonymity and risk; the
 * quasi-identifiers and the sensitive attribute for ℓ-diversity and t-closeness; the quasi-identifiers and the unit for
 * k counted in units (a unit that appears in several tuples then appears once in each, so distinct units per class stay
 * exact after any generalization: they are counted as distinct (class, unit) pairs, never as a sum of tuple counts).
 */
export interface FrequencyColumn {
  readonly name: string;
  /** Distinct values; `codes[j][i]` indexes into the dictionary of column j. */
  readonly dictionary: readonly string[];
}

export interface FrequencyTable {
  readonly columns: readonly FrequencyColumn[];
  /** Number of distinct records (tuples). */
  readonly count: number;
  /** `codes[j][i]`: tuple i's code in column j. */
  readonly codes: readonly Int32Array[];
  /** `weights[i]`: how many rows hold tuple i (≥ 1). */
  readonly weights: Int32Array;
  /** Σ weights: the number of rows of the table it summarizes. */
  readonly rowCount: number;
  /** Where the data came from (a file path, a URI, a table name), for error messages. */
  readonly source?: string;
}
