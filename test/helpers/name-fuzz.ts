import { strict as assert } from 'node:assert';
import type { DataSource } from '../../engine/source/data-source.js';

/**
 * Names and values to fuzz a server's quoting with (issue 35 item 5): every character U+0001–U+00FF inside a name
 * (so each byte 0x01–0x7F, and each of U+0080–U+00FF as its two UTF-8 bytes), and names made of the characters that
 * end or escape a quoted name, a literal or a comment in some dialect. Each name is also the value its column holds, so
 * the same strings are fuzzed as values (`where` sets) as well.
 */
export const FUZZ_NAMES: readonly string[] = [
  ...new Set([
    ...Array.from({ length: 0xff }, (_, i) => `x${String.fromCharCode(i + 1)}y`),
    '"',
    "'",
    '`',
    '\\',
    '\\`',
    '`\\',
    '\\"',
    "\\'",
    '""',
    "''",
    '``',
    '\\\\',
    '*/',
    '/*',
    '--',
    ';',
    '$1',
    '?',
    ':p1',
    '{p1:String}',
    "') OR 1=1 --",
    '`) OR 1=1 --',
    '") OR 1=1 --',
    'é',
    '😀',
    'a\u2028b',
    '\\x41',
    '\\N',
    'a\tb\nc\rd',
  ]),
];

/** The unit column of the fuzz table; its rows: the names themselves (unit 1), and 'other' in every column (unit 2). */
export const FUZZ_UNIT = 'unit';

export function fuzzRows(): string[][] {
  return [
    [...FUZZ_NAMES, '1'],
    [...FUZZ_NAMES.map(() => 'other'), '2'],
  ];
}

const SEED = '00112233445566778899aabbccddeeff';

/**
 * Runs every request kind on the fuzz table, the names in batches (each batch one statement), and checks that each
 * answer has exactly the shape and the figures the two rows give: a name read as another, a value read as another, or a
 * statement that read anything else (a canary table the connection may not read fails it) breaks one of them.
 */
export async function assertFuzzAnswers(source: DataSource, batchSize = 40): Promise<void> {
  const names = FUZZ_NAMES;
  assert.deepEqual([...(await source.columns())].sort(), [...names, FUZZ_UNIT].sort());
  const frequencies = await source.frequencyTable({ columns: [...names] });
  assert.equal(frequencies.count, 2);
  const records = Array.from({ length: 2 }, (_, r) =>
    names.map((_, j) => frequencies.columns[j].dictionary[frequencies.codes[j][r]]),
  );
  assert.deepEqual(
    records.map((r) => r.join('|')).sort(),
    [names.join('|'), names.map(() => 'other').join('|')].sort(),
  );
  for (let start = 0; start < names.length; start += batchSize) {
    const batch = names.slice(start, start + batchSize);
    const where = new Map(batch.map((n) => [n, [{ kind: 'set' as const, values: [n] }]]));
    const answer = await source.aggregate({
      id: 'fuzz',
      groupBy: [...batch],
      where,
      bound: {
        unit: FUZZ_UNIT,
        partitionBy: [...batch.slice(0, 2)],
        maxPartitions: 1,
        maxRowsPerPartition: 3,
        seed: SEED,
      },
    });
    assert.deepEqual(answer.groups, [{ key: batch, rows: 1 }], `batch from ${JSON.stringify(batch[0])}`);
    assert.equal(answer.selectedRows, 1);
    const ranges = new Map(batch.map((n) => [n, [{ kind: 'range' as const, low: n, high: n }]]));
    const counted = await source.aggregate({ id: 'fuzz-range', groupBy: [], where: ranges });
    assert.deepEqual(counted.groups, [{ key: [], rows: 1 }], `range batch from ${JSON.stringify(batch[0])}`);
    const rows: (readonly string[])[] = [];
    for await (const b of source.shuffledRows!([...batch], SEED)) rows.push(...b.rows);
    assert.deepEqual(rows.map((r) => r.join('|')).sort(), [batch.join('|'), batch.map(() => 'other').join('|')].sort());
  }
}
