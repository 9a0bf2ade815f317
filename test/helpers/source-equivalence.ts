import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import { DistinctLDiversity } from '../../engine/criteria/l-diversity.js';
import { makeMetric } from '../../engine/metrics/metric-by-name.js';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { searchOptimal } from '../../engine/search/optimal-search.js';
import { problemOf } from '../../engine/search/problem.js';
import type { AggregateAnswer, AggregateRequest, DataSource } from '../../engine/source/data-source.js';
import { MemorySource } from '../../engine/source/memory-source.js';
import { viewCountsOf } from '../../engine/release/kinds/view/view-answer.js';
import { seededRandom } from '../../engine/core/random.js';
import { buildView } from '../../engine/view/build-view.js';
import type { ViewDimension } from '../../engine/view/view-types.js';
import type { FrequencyTable } from '../../engine/table/frequency-table.js';
import { column, tableFromRows, type Table } from '../../engine/table/table.js';
import { adultDir, adultHierarchy, ADULT_MISSING, skipOrFail } from './adult.js';

/**
 * The acceptance test every database source passes (issue 26): on the CSV fixtures and on Adult, loaded into the
 * server at test time as text columns, the source's frequency tables, bounded aggregates (the same seed keeps the same
 * rows), anonymity-search results and row streams equal the in-memory source's, before any noise.
 */
export interface ServerUnderTest {
  /** Creates table `name` (schema-qualified as the server wants it) with these text columns and rows. */
  load(name: string, columns: readonly string[], rows: readonly (readonly string[])[]): Promise<void>;
  open(name: string): Promise<DataSource>;
}

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

export const FIXTURES = [
  'risk-small.csv',
  'risk-small-semicolon.csv',
  'csv/bom-crlf-semicolon.csv',
  'csv/tab-no-final-newline.csv',
  'risk-weighted.csv',
  'suda-hand.csv',
];

const SEED = '00112233445566778899aabbccddeeff';

/** The aggregate requests of the DuckDB test, on Adult: plain, `where`, clamped, and bounded in every shape. */
export const ADULT_REQUESTS: AggregateRequest[] = [
  { id: 'count-all', groupBy: [] },
  { id: 'count-by-sex-race', groupBy: ['sex', 'race'] },
  {
    id: 'count-where',
    groupBy: ['sex'],
    where: new Map([
      ['age', [{ kind: 'range', low: 30, high: 40 }]],
      ['race', [{ kind: 'set', values: ['White', 'Black'] }]],
    ]),
  },
  {
    id: 'count-text-range',
    groupBy: ['race'],
    where: new Map([['education', [{ kind: 'range', low: 'B', high: 'M' }]]]),
  },
  { id: 'sum-age', groupBy: ['sex'], clamp: { column: 'age', low: 20, high: 60 } },
  {
    id: 'count-bounded',
    groupBy: ['race'],
    bound: { unit: 'native-country', partitionBy: ['race'], maxPartitions: 2, maxRowsPerPartition: 50, seed: SEED },
  },
  {
    id: 'sum-bounded',
    groupBy: ['sex'],
    clamp: { column: 'age', low: 17, high: 90 },
    bound: { unit: 'occupation', partitionBy: ['sex'], maxPartitions: 1, maxRowsPerPartition: 100, seed: SEED },
  },
  {
    id: 'mode-bounded',
    groupBy: ['education'],
    where: new Map([['sex', [{ kind: 'set', values: ['Female'] }]]]),
    bound: { unit: 'workclass', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 300, seed: SEED },
  },
  {
    id: 'grid-cells',
    groupBy: ['age', 'age'],
    grid: { x: 'age', y: 'age', xMin: 17, xMax: 90, yMin: 20.5, yMax: 60, size: 8 },
  },
  {
    id: 'grid-cells-bounded',
    groupBy: ['age', 'age'],
    grid: { x: 'age', y: 'age', xMin: 17, xMax: 90, yMin: 0, yMax: 100, size: 16 },
    bound: { unit: 'marital-status', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 500, seed: SEED },
  },
  {
    id: 'grid-bounded',
    groupBy: ['age', 'education'],
    bound: { unit: 'marital-status', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 1000, seed: SEED },
  },
  // A DP view's request: its columns grouped, each unit's rows bounded in one partition (release-aggregates.ts).
  { id: 'view', groupBy: ['age', 'sex', 'race', 'education'] },
  {
    id: 'view-bounded',
    groupBy: ['age', 'sex', 'race', 'education'],
    bound: { unit: 'occupation', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 1000, seed: SEED },
  },
];

export function canonicalFrequencies(t: FrequencyTable): string[] {
  const lines: string[] = [];
  for (let i = 0; i < t.count; i++)
    lines.push(`${JSON.stringify(t.columns.map((c, j) => c.dictionary[t.codes[j][i]]))}=${t.weights[i]}`);
  return lines.sort();
}

export function canonicalGroups(a: AggregateAnswer): string[] {
  return a.groups.map((g) => `${JSON.stringify(g.key)}|${g.value ?? ''}=${g.rows}`).sort();
}

function rowsOf(table: Table): string[][] {
  const cols = table.columns.map((c) => column(table, c.name));
  return Array.from({ length: table.rowCount }, (_, r) => cols.map((c) => c.dictionary[c.codes[r]]));
}

async function withSource<T>(
  server: () => ServerUnderTest,
  name: string,
  body: (source: DataSource) => Promise<T>,
): Promise<T> {
  const source = await server().open(name);
  try {
    return await body(source);
  } finally {
    await source.close();
  }
}

export function sourceEquivalence(server: () => ServerUnderTest): void {
  FIXTURES.forEach((name, index) => {
    it(`${name}: columns, frequency tables over every column and each alone, and the rows`, async () => {
      const table = await readCsvFile(fixture(name));
      const names = table.columns.map((c) => c.name);
      await server().load(`f${index}`, names, rowsOf(table));
      const memory = new MemorySource(table);
      await withSource(server, `f${index}`, async (source) => {
        assert.deepEqual(await source.columns(), names);
        for (const columns of [names, ...names.map((n) => [n])]) {
          const actual = await source.frequencyTable({ columns });
          assert.equal(actual.rowCount, table.rowCount);
          assert.deepEqual(
            canonicalFrequencies(actual),
            canonicalFrequencies(await memory.frequencyTable({ columns })),
            columns.join(','),
          );
        }
        const streamed: string[] = [];
        for await (const batch of source.rows(names, 3)) {
          assert.ok(batch.rows.length <= 3);
          for (const row of batch.rows) streamed.push(JSON.stringify(row));
        }
        assert.deepEqual(
          streamed.sort(),
          rowsOf(table)
            .map((r) => JSON.stringify(r))
            .sort(),
        );
      });
    });
  });

  it("columns named like the SQL's own names (c0, g0, v, u, ph, rh, n, p0): the same figures", async () => {
    const names = ['c1', 'c0', 'v', 'u', 'ph', 'rh', 'n', 'g0', 'p0'];
    // 60 rows over 4 units, 3 partitions, small value sets: enough ties and repeats for bounding to choose.
    const rows = Array.from({ length: 60 }, (_, i) => [
      String(i % 5),
      `x${i % 3}`,
      String(((i * 7) % 11) - 2),
      `unit${i % 4}`,
      `p${(i * 5) % 3}`,
      'r',
      String(i % 2),
      `g${i % 3}`,
      'q',
    ]);
    const table = tableFromRows(names, rows, 'clash.csv');
    await server().load('clash', names, rows);
    const memory = new MemorySource(table);
    const bound = { unit: 'u', partitionBy: ['ph'], maxPartitions: 2, maxRowsPerPartition: 2, seed: SEED };
    const where = new Map([['c1', [{ kind: 'range' as const, low: 1, high: 3 }]]]);
    await withSource(server, 'clash', async (source) => {
      for (const columns of [names, ['c0', 'c1'], ['n']]) {
        assert.deepEqual(
          canonicalFrequencies(await source.frequencyTable({ columns })),
          canonicalFrequencies(await memory.frequencyTable({ columns })),
          columns.join(','),
        );
      }
      const requests: AggregateRequest[] = [
        { id: 'plain', groupBy: ['g0', 'c0'], clamp: { column: 'v', low: 0, high: 5 }, where },
        { id: 'bounded', groupBy: ['g0', 'c0', 'ph'], clamp: { column: 'v', low: 0, high: 5 }, where, bound },
        { id: 'bounded-rh', groupBy: ['rh', 'n'], bound: { ...bound, unit: 'n', partitionBy: [] } },
      ];
      for (const request of requests) {
        const expected = await memory.aggregate(request);
        assert.deepEqual(canonicalGroups(await source.aggregate(request)), canonicalGroups(expected), request.id);
        if (request.bound)
          assert.ok(
            expected.groups.reduce((t, g) => t + g.rows, 0) < expected.selectedRows!,
            `${request.id} dropped nothing`,
          );
      }
    });
  });

  describe('on Adult', () => {
    let table: Table;
    let memory: MemorySource;
    before(async function () {
      const dir = adultDir();
      if (!dir) skipOrFail(this, ADULT_MISSING);
      table = await readCsvFile(join(dir, 'adult.csv'));
      memory = new MemorySource(table);
      await server().load(
        'adult',
        table.columns.map((c) => c.name),
        rowsOf(table),
      );
    });

    it('the frequency tables over the nine columns and over four quasi-identifiers', async () => {
      await withSource(server, 'adult', async (source) => {
        for (const columns of [table.columns.map((c) => c.name), ['sex', 'age', 'race', 'marital-status']]) {
          const actual = await source.frequencyTable({ columns });
          assert.equal(actual.rowCount, 30162);
          assert.deepEqual(
            canonicalFrequencies(actual),
            canonicalFrequencies(await memory.frequencyTable({ columns })),
          );
        }
      });
    });

    it('every bounded aggregate: the same groups, values and rows for the same seed', async () => {
      await withSource(server, 'adult', async (source) => {
        for (const request of ADULT_REQUESTS) {
          const expected = await memory.aggregate(request);
          const actual = await source.aggregate(request);
          assert.deepEqual(canonicalGroups(actual), canonicalGroups(expected), request.id);
          assert.equal(actual.selectedRows, expected.selectedRows, request.id);
          if (request.bound)
            assert.ok(
              actual.groups.reduce((s, g) => s + g.rows, 0) < actual.selectedRows!,
              `${request.id} dropped nothing`,
            );
        }
      });
    });

    it("a DP view built from the source's answer is the one built from the in-memory answer (HDPView, PrivTree, identity)", async () => {
      const dims: ViewDimension[] = [
        { kind: 'range', name: 'age', lo: 20, hi: 60 },
        ...['sex', 'race', 'education'].map((name): ViewDimension => ({
          kind: 'categorical',
          name,
          values: adultHierarchy(name).values!,
        })),
      ];
      await withSource(server, 'adult', async (source) => {
        for (const request of ADULT_REQUESTS.filter((r) => r.id.startsWith('view'))) {
          const rows = request.bound?.maxRowsPerPartition ?? 1;
          const [actual, expected] = [await source.aggregate(request), await memory.aggregate(request)].map(
            (a) => viewCountsOf(dims, a).counts,
          );
          for (const algorithm of ['hdpview', 'privtree', 'identity'] as const) {
            const build = (counts: typeof actual) =>
              buildView(counts, { algorithm, epsilon: 1, maxRowsPerUnit: rows }, seededRandom(3));
            assert.deepEqual(build(actual), build(expected), `${request.id} ${algorithm}`);
          }
        }
      });
    });

    it("the optimal generalization found on the source's frequency table is the in-memory one (k-anonymity and ℓ-diversity)", async () => {
      const qi = ['sex', 'age', 'race', 'marital-status', 'education'];
      const cases = [
        {
          label: 'k = 10, 2 %',
          columns: qi,
          criteria: () => [new KAnonymity(10)],
          suppression: 0.02,
          metric: 'entropy' as const,
        },
        {
          label: 'distinct 3-diversity of occupation, 1 %',
          columns: [...qi, 'occupation'],
          criteria: () => [new DistinctLDiversity('occupation', 3)],
          suppression: 0.01,
          metric: 'loss' as const,
        },
      ];
      await withSource(server, 'adult', async (source) => {
        for (const c of cases) {
          const run = (f: FrequencyTable) => {
            const problem = problemOf(f, {
              qi,
              hierarchies: qi.map((n) => adultHierarchy(n)),
              criteria: c.criteria(),
              suppression: c.suppression,
            });
            const r = searchOptimal(problem, makeMetric(c.metric, problem));
            return {
              levels: r.optimum?.levels,
              loss: r.optimum?.loss,
              suppressed: r.optimum?.evaluation.outliers,
              classes: r.optimum?.evaluation.cells.classCount,
            };
          };
          const expected = run(await memory.frequencyTable({ columns: c.columns }));
          assert.ok(expected.levels, `${c.label}: the in-memory search found a transformation`);
          assert.deepEqual(run(await source.frequencyTable({ columns: c.columns })), expected, c.label);
        }
      });
    });
  });
}
