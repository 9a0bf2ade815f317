/**
 * A survey weight column read as numbers. A record's design weight is the number of population units it stands for
 * (the inverse of its inclusion probability), so it is a finite number of at least 1; anything else would make the
 * estimated class population F̂_k smaller than the sample count f_k, where the negative-binomial risk model has no
 * meaning.
 */
import { column, TableError, type Table } from '../table/table.js';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** One weight per row, or a `TableError` naming the file, the line and the offending cell. */
export function surveyWeights(table: Table, name: string): Float64Array {
  const c = column(table, name);
  // Parse each distinct value once; a bad one is reported at the first row that holds it. Only decimal notation counts
  // as a number ('0x10' or 'Infinity' would pass JavaScript's Number()).
  const parsed = c.dictionary.map((text) => {
    const trimmed = text.trim();
    return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
  });
  const weights = new Float64Array(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) {
    const w = parsed[c.codes[r]];
    if (!(Number.isFinite(w) && w >= 1)) {
      const text = c.dictionary[c.codes[r]];
      const cause =
        text.trim() === ''
          ? 'is empty'
          : Number.isFinite(w)
            ? `is ${text.trim()}, below 1`
            : `'${text}' is not a number`;
      throw new TableError(
        `weight column '${name}': the weight ${cause}; a survey weight is the number of people a record stands for (at least 1)`,
        table.source,
        table.rowLines?.[r],
      );
    }
    weights[r] = w;
  }
  return weights;
}
