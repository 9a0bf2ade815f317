import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../../engine/core/random.js';
import { aggregatePlan } from '../../../engine/host/run/aggregate-plan.js';
import { aggregateGroupsFromRows, DuckDbSource } from '../../../engine/host/sources/duckdb/duckdb-source.js';
import { readCsvFile } from '../../../engine/host/sources/csv/read-csv-file.js';
import type { AggregateRequest } from '../../../engine/source/data-source.js';
import { memoryAggregate } from '../../../engine/source/memory-source.js';
import { aggregateSql } from '../../../engine/source/sql/aggregate-sql.js';
import { DIALECTS, type Dialect } from '../../../engine/source/sql/dialect.js';

/** The text `privspec plan` prints: values as literals. */
const inline = (dialect: Dialect) => ({ dialect, values: 'inline' as const });
import { loadSpec, nodeServices } from '../../../language/check-spec.js';
import { releaseInput } from '../../../language/release-input.js';
import { canonicalGroups } from '../../helpers/source-equivalence.js';

// Issue 26: a DP view's query, as `privspec plan` prints it — the rows grouped by the view's columns, each unit's rows
// bounded by the keyed order (examples/views.privspec: `bound unit rows 3`, one partition) — in every dialect. The
// golden text was reviewed by hand once (PRIVSPEC_UPDATE_GOLDEN=1 rewrites it); DuckDB runs it here on the example
// data, PostgreSQL and ClickHouse run the same request on Adult in test/helpers/source-equivalence.ts.
const SEED = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const examples = join(import.meta.dirname, '..', '..', '..', 'examples');
const golden = (name: string) => join(import.meta.dirname, 'golden', name);

async function viewRequests(): Promise<AggregateRequest[]> {
  const services = nodeServices();
  const input = await releaseInput(
    services,
    await loadSpec(join(examples, 'views.privspec'), services),
    undefined,
    undefined,
    { scanData: false },
  );
  const planned = aggregatePlan(input, SEED, seededRandom(1));
  assert.deepEqual(
    planned.map((q) => q.id),
    ['release-explore'],
  );
  const bounded = planned[0].aggregate!;
  // The same view without `bound`: no ranking, a plain GROUP BY.
  const { bound: _, ...unbounded } = bounded;
  return [bounded, { ...unbounded, id: 'release-explore-unbounded' }];
}

describe('issue 26 — the SQL of a view’s aggregate', function () {
  this.timeout(120000);

  it('the plan’s request: grouped by the view’s columns, one partition of 3 rows per patient', async () => {
    const [bounded] = await viewRequests();
    assert.deepEqual(bounded, {
      id: 'release-explore',
      groupBy: ['age', 'sex', 'diagnosis', 'occupation'],
      bound: { unit: 'patient_id', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 3, seed: SEED },
    });
  });

  for (const dialect of DIALECTS) {
    it(`${dialect}: golden text`, async () => {
      const table = dialect === 'duckdb' || dialect === 'postgres' ? '"visits"' : '`visits`';
      const text = `${(await viewRequests()).map((r) => `-- ${r.id}\n${aggregateSql(inline(dialect), r, table).text};`).join('\n\n')}\n`;
      if (process.env.PRIVSPEC_UPDATE_GOLDEN === '1') writeFileSync(golden(`view-${dialect}.sql`), text);
      assert.equal(text, readFileSync(golden(`view-${dialect}.sql`), 'utf8'));
    });
  }

  it('DuckDB runs the duckdb and (double-quoted) Spark text on the example data and answers as the in-memory source', async () => {
    const file = join(examples, 'data', 'patients.csv');
    const table = await readCsvFile(file);
    const duck = await DuckDbSource.open(file);
    try {
      await duck.query(`CREATE VIEW visits AS SELECT * FROM ${duck.relation}`);
      for (const request of await viewRequests()) {
        const expected = canonicalGroups(memoryAggregate(table, request));
        const duckdb = aggregateGroupsFromRows(
          request,
          await duck.query(aggregateSql({ dialect: 'duckdb', values: 'bound' }, request, '"visits"')),
        );
        assert.deepEqual(canonicalGroups({ request, groups: duckdb }), expected, `duckdb ${request.id}`);
        const sparkText = aggregateSql(inline('spark'), request, '`visits`').text.replace(/`([^`]*)`/g, '"$1"');
        const spark = aggregateGroupsFromRows(request, await duck.query(sparkText));
        assert.deepEqual(canonicalGroups({ request, groups: spark }), expected, `spark ${request.id}`);
        const answer = memoryAggregate(table, request);
        if (request.bound)
          assert.ok(answer.groups.reduce((s, g) => s + g.rows, 0) < answer.selectedRows!, 'bounding dropped nothing');
      }
    } finally {
      await duck.close();
    }
  });
});
