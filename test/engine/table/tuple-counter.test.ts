import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { TupleCounter } from '../../../engine/table/tuple-counter.js';

/** The reference: a Map keyed by the joined codes keeps insertion order, i.e. order of first appearance. */
function reference(
  rows: readonly (readonly number[])[],
  weights: readonly number[],
): { keys: number[][]; weights: number[] } {
  const m = new Map<string, { key: number[]; weight: number }>();
  rows.forEach((row, r) => {
    const k = row.join(',');
    const e = m.get(k);
    if (e) e.weight += weights[r];
    else m.set(k, { key: [...row], weight: weights[r] });
  });
  return { keys: [...m.values()].map((e) => e.key), weights: [...m.values()].map((e) => e.weight) };
}

function counted(c: TupleCounter): { keys: number[][]; weights: number[] } {
  const t = c.toCounts();
  return {
    keys: Array.from({ length: t.count }, (_, i) => [...t.keys.subarray(i * t.width, (i + 1) * t.width)]),
    weights: [...t.weights],
  };
}

describe('TupleCounter', () => {
  it('counts 3 tuples by hand: (1,2)×2 then (0,0) then (1,2) again, in order of first appearance', () => {
    const c = new TupleCounter(2);
    c.addRows([Int32Array.of(1, 1, 0), Int32Array.of(2, 2, 0)], 3);
    c.add([1, 2], 5);
    assert.deepEqual(counted(c), {
      keys: [
        [1, 2],
        [0, 0],
      ],
      weights: [7, 1],
    });
  });

  it('gives the reference counts, row by row or in batches, across the dense array, hashed numbers and the tuple table (property)', () => {
    // Codes up to 2^12 pass the dense array's 22 bits in two positions, and codes up to 2^26 the 53 bits of a hashed
    // number in three, so random runs cross all three ways of counting.
    const tuples = fc.integer({ min: 0, max: 6 }).chain((width) =>
      fc.record({
        width: fc.constant(width),
        rows: fc.array(
          fc.array(fc.oneof(fc.nat(3), fc.nat(4096), fc.nat(1 << 26)), { minLength: width, maxLength: width }),
          { maxLength: 400 },
        ),
        batch: fc.integer({ min: 1, max: 64 }),
      }),
    );
    fc.assert(
      fc.property(tuples, ({ width, rows, batch }) => {
        const one = new TupleCounter(width);
        rows.forEach((row) => one.add(row));
        const expected = reference(
          rows,
          rows.map(() => 1),
        );
        assert.deepEqual(counted(one), expected);
        const batched = new TupleCounter(width);
        for (let from = 0; from < rows.length; from += batch) {
          const part = rows.slice(from, from + batch);
          batched.addRows(
            Array.from({ length: width }, (_, j) => Int32Array.from(part, (row) => row[j])),
            part.length,
          );
        }
        assert.deepEqual(counted(batched), expected);
      }),
      { numRuns: 200 },
    );
  });
});
