import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { seededRandom } from '../../../engine/core/random.js';
import { DuckDbSource } from '../../../engine/host/sources/duckdb/duckdb-source.js';
import { readCsvFile } from '../../../engine/host/sources/csv/read-csv-file.js';
import { viewPoints } from '../../../engine/release/view-dimensions.js';
import { contentColumns, keyedBoundRows } from '../../../engine/source/bounded-rows.js';
import type { AggregateAnswer, AggregateRequest, UnitBound } from '../../../engine/source/data-source.js';
import { memoryAggregate } from '../../../engine/source/memory-source.js';
import { viewCountsOf } from '../../../engine/release/kinds/view/view-answer.js';
import { column, type Table } from '../../../engine/table/table.js';
import { buildView } from '../../../engine/view/build-view.js';
import { sparseCells } from '../../../engine/view/sparse-cells.js';
import type { DpView, ViewAlgorithm, ViewCounts, ViewDimension } from '../../../engine/view/view-types.js';
import { adultDir, adultHierarchy, ADULT_MISSING, skipOrFail } from '../../helpers/adult.js';
import { FIXTURES } from '../../helpers/source-equivalence.js';

// Issue 26: a DP view is built from the bounded aggregate grouped by its dimensions (each distinct point with its row
// count) as from the rows themselves: with the same seed, the same blocks and the same noisy counts, for HDPView,
// PrivTree and the identity view, with and without contribution bounding.
const ALGORITHMS: ViewAlgorithm[] = ['hdpview', 'privtree', 'identity'];
const KEY = '0123456789abcdef0123456789abcdef';
const fixture = (name: string) => join(import.meta.dirname, '..', '..', 'fixtures', name);

/** The view's input from the rows, bounded by the keyed order the sources use (bounded-rows.ts), each row weight 1. */
function fromRows(table: Table, dims: readonly ViewDimension[], bound: UnitBound | undefined): ViewCounts {
  let rows: Int32Array = Int32Array.from({ length: table.rowCount }, (_, i) => i);
  if (bound)
    rows = keyedBoundRows(
      table,
      rows,
      bound,
      contentColumns(
        dims.map((d) => d.name),
        [],
        undefined,
      ),
    );
  const { points } = viewPoints(table, dims, rows);
  return { dimensions: dims, codes: points, weights: new Int32Array(points[0]?.length ?? 0).fill(1) };
}

const request = (dims: readonly ViewDimension[], bound: UnitBound | undefined): AggregateRequest => ({
  id: 'release-v',
  groupBy: dims.map((d) => d.name),
  ...(bound ? { bound } : {}),
});

function build(counts: ViewCounts, algorithm: ViewAlgorithm, rows: number, seed: number): DpView {
  return buildView(counts, { algorithm, epsilon: 1, maxRowsPerUnit: rows }, seededRandom(seed));
}

/** Every builder, bounded or not: the view from the answer is the view from the rows. */
function assertSameViews(
  table: Table,
  dims: readonly ViewDimension[],
  bound: UnitBound | undefined,
  answer: AggregateAnswer,
  label: string,
): void {
  const rows = bound?.maxRowsPerPartition ?? 1;
  const expected = fromRows(table, dims, bound);
  const { counts } = viewCountsOf(dims, answer);
  assert.ok(counts.weights.length <= expected.weights.length, `${label}: more points than rows`);
  for (const algorithm of ALGORITHMS) {
    for (const seed of [1, 29])
      assert.deepEqual(
        build(counts, algorithm, rows, seed),
        build(expected, algorithm, rows, seed),
        `${label}, ${algorithm}, seed ${seed}`,
      );
  }
}

/** Test domains for a fixture: a whole-number column is a range from its least value to one below its greatest, any
 * other column its values but the last (sorted), so that some rows lie outside the domain. */
function fixtureDims(table: Table, names: readonly string[]): ViewDimension[] {
  return names.map((name): ViewDimension => {
    const values = [...new Set(Array.from(column(table, name).codes, (c) => column(table, name).dictionary[c]))].sort();
    if (values.every((v) => /^-?\d+$/.test(v))) {
      const numbers = values.map(Number);
      const lo = Math.min(...numbers);
      return { kind: 'range', name, lo, hi: Math.max(lo, Math.max(...numbers) - 1) };
    }
    return { kind: 'categorical', name, values: values.length > 1 ? values.slice(0, -1) : values };
  });
}

describe('issue 26 — a view built from a source’s grouped answer is the view built from the rows', function () {
  this.timeout(120000);

  it('hand example: groups "30" (2 rows), " 30" (1), "200" (4) and "x" (1) in 0..99 are one cell of weight 3 and 5 rows outside', () => {
    const dims: ViewDimension[] = [{ kind: 'range', name: 'age', lo: 0, hi: 99 }];
    const answer: AggregateAnswer = {
      request: request(dims, undefined),
      groups: [
        { key: ['30'], rows: 2 },
        { key: ['200'], rows: 4 },
        { key: [' 30'], rows: 1 },
        { key: ['x'], rows: 1 },
      ],
    };
    const { counts, outside } = viewCountsOf(dims, answer);
    assert.equal(outside, 5);
    const cells = sparseCells(counts);
    assert.deepEqual([...cells.coords[0]], [30]);
    assert.deepEqual([...cells.counts], [3]);
    assert.equal(cells.total, 3);
  });

  it('the cells are listed by index whatever the order of the records: (1, 0) ×2, (0, 2), (1, 0) → (0, 2) then (1, 0) ×3', () => {
    const dimensions: ViewDimension[] = [
      { kind: 'range', name: 'a', lo: 0, hi: 1 },
      { kind: 'range', name: 'b', lo: 0, hi: 2 },
    ];
    const cells = sparseCells({
      dimensions,
      codes: [
        [1, 0, 1],
        [0, 2, 0],
      ],
      weights: [2, 1, 1],
    });
    assert.deepEqual([...cells.coords[0]], [0, 1]);
    assert.deepEqual([...cells.coords[1]], [2, 0]);
    assert.deepEqual([...cells.counts], [1, 3]);
  });

  FIXTURES.forEach((name) => {
    it(`${name}: every builder, unbounded and bounded (unit: the last column, 1 row)`, async () => {
      const table = await readCsvFile(fixture(name));
      const names = table.columns.map((c) => c.name);
      const dims = fixtureDims(table, names.length > 1 ? names.slice(0, -1) : names);
      const unit = names[names.length - 1];
      for (const bound of [undefined, { unit, partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 1, seed: KEY }]) {
        assertSameViews(
          table,
          dims,
          bound,
          memoryAggregate(table, request(dims, bound)),
          `${name}${bound ? ', bounded' : ''}`,
        );
      }
    });
  });

  it('examples/data/patients.csv: age, sex and diagnosis, unbounded and with 2 rows per patient', async () => {
    const table = await readCsvFile(join(import.meta.dirname, '..', '..', '..', 'examples', 'data', 'patients.csv'));
    const dims = fixtureDims(table, ['age', 'sex', 'diagnosis']);
    for (const bound of [
      undefined,
      { unit: 'patient_id', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 2, seed: KEY },
    ]) {
      assertSameViews(
        table,
        dims,
        bound,
        memoryAggregate(table, request(dims, bound)),
        `patients${bound ? ', bounded' : ''}`,
      );
    }
  });

  describe('on Adult, answered in memory and by DuckDB', () => {
    let dir: string;
    let table: Table;
    // age within 20..60 leaves rows outside; the categorical domains are ARX's hierarchies' leaves.
    let dims: ViewDimension[];
    before(async function () {
      const d = adultDir();
      if (!d) skipOrFail(this, ADULT_MISSING);
      dir = d!;
      table = await readCsvFile(join(dir, 'adult.csv'));
      dims = [
        { kind: 'range', name: 'age', lo: 20, hi: 60 },
        ...['sex', 'race', 'education'].map((name): ViewDimension => ({
          kind: 'categorical',
          name,
          values: adultHierarchy(name).values!,
        })),
      ];
    });

    for (const bounded of [false, true]) {
      it(`every builder, ${bounded ? 'bounded (unit occupation, 1,000 rows)' : 'unbounded'}`, async () => {
        const bound = bounded
          ? { unit: 'occupation', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 1000, seed: KEY }
          : undefined;
        const memory = memoryAggregate(table, request(dims, bound));
        if (bound)
          assert.ok(memory.groups.reduce((s, g) => s + g.rows, 0) < memory.selectedRows!, 'bounding dropped nothing');
        assert.ok(viewCountsOf(dims, memory).outside > 0, 'no row outside age 20..60');
        assertSameViews(table, dims, bound, memory, 'Adult in memory');
        const duck = await DuckDbSource.open(join(dir, 'adult.csv'));
        try {
          assertSameViews(table, dims, bound, await duck.aggregate(request(dims, bound)), 'Adult in DuckDB');
        } finally {
          await duck.close();
        }
      });
    }
  });
});
