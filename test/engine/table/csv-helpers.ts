import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Table } from '../../../engine/table/table.js';

// Writes rows as CSV text for tests: quotes a field when it must be (delimiter, quote, line break, or an empty value
// that would otherwise leave a blank line) and, when `quoteAll` says so, also when it need not be.
export function toCsv(
  rows: readonly (readonly string[])[],
  delimiter = ',',
  lineEnd = '\n',
  quoteAll: (r: number, j: number) => boolean = () => false,
): string {
  return rows
    .map((row, r) =>
      row
        .map((v, j) => {
          const must = v.includes(delimiter) || /["\r\n]/.test(v) || (row.length === 1 && v === '');
          return must || quoteAll(r, j) ? `"${v.replaceAll('"', '""')}"` : v;
        })
        .join(delimiter),
    )
    .join(lineEnd);
}

/** The table as plain rows of strings, header first, for readable expectations. */
export function rowsOf(t: Table): string[][] {
  const rows = [t.columns.map((c) => c.name)];
  for (let r = 0; r < t.rowCount; r++) rows.push(t.columns.map((c) => c.dictionary[c.codes[r]]));
  return rows;
}

/** Cells drawn from the characters that matter to CSV, plus arbitrary unicode (astral planes included). */
export const cell = fc.oneof(
  fc.string({
    unit: fc.constantFrom(',', ';', '\t', '|', '"', '\n', '\r', ' ', 'a', 'b', 'é', '😀', '0'),
    maxLength: 6,
  }),
  fc.string({ unit: 'binary', maxLength: 5 }),
  fc.constantFrom('', 'x', '1', '2'),
  // Numbers, some with leading zeros, around the one-million limit of the parser's fast path for integers.
  fc.integer({ min: 0, max: 1_200_000 }).map(String),
  fc.nat(99).map((n) => `0${n}`),
);

/** A header and rows of the same width, with a delimiter and line ending to write them with. */
export const randomTable = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.record({
    header: fc.uniqueArray(cell, { minLength: width, maxLength: width }),
    rows: fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 30 }),
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
    finalLineEnd: fc.boolean(),
    quoteSeed: fc.integer(),
  }),
);

/** Asserts two tables are the same down to codes, dictionaries and line numbers. */
export function assertSameTable(actual: Table, expected: Table): void {
  assert.equal(actual.rowCount, expected.rowCount);
  assert.deepEqual(
    actual.columns.map((c) => c.name),
    expected.columns.map((c) => c.name),
  );
  actual.columns.forEach((c, j) => {
    assert.deepEqual(c.dictionary, expected.columns[j].dictionary, `dictionary of ${c.name}`);
    assert.deepEqual(c.codes, expected.columns[j].codes, `codes of ${c.name}`);
  });
  assert.deepEqual(actual.rowLines, expected.rowLines);
  assert.equal(actual.delimiter, expected.delimiter);
}

/** A deterministic pseudo-random generator for test data (xorshift32); not for anything that needs secrecy. */
export function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
