import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import type * as ast from '../../language/generated/ast.js';
import { datasetPlan } from '../../language/privspec-to-engine.js';

describe('language: a dataset in a database (issue 26)', () => {
  it('parses `from postgres table` and `from clickhouse table`; the plan names the table as postgres:schema.t', async () => {
    for (const [engine, table] of [
      ['postgres', 'clinic.visits'],
      ['clickhouse', 'warehouse.visits'],
    ] as const) {
      const doc = await loadSpecText(
        `dataset d from ${engine} table "${table}" { quasi sex, age }`,
        resolve('w/s.privspec'),
        nodeServices(),
      );
      assert.deepEqual(doc.parseResult.parserErrors, []);
      const plan = datasetPlan((doc.parseResult.value as ast.Spec).datasets[0], resolve('w/s.privspec'));
      assert.equal(plan.file, `${engine}:${table}`);
      assert.deepEqual(plan.quasi, ['sex', 'age']);
    }
  });

  it('`table`, `postgres` and `clickhouse` still name columns (soft keywords)', async () => {
    const doc = await loadSpecText(
      'dataset d from postgres table "s.t" { quasi table, postgres insensitive clickhouse }',
      resolve('w/s.privspec'),
      nodeServices(),
    );
    assert.deepEqual(doc.parseResult.parserErrors, []);
    const plan = datasetPlan((doc.parseResult.value as ast.Spec).datasets[0], resolve('w/s.privspec'));
    assert.deepEqual(plan.quasi, ['table', 'postgres']);
    assert.deepEqual(plan.insensitive, ['clickhouse']);
  });

  it('a spec has no place for a server or a credential: only the table name follows `table`', async () => {
    const doc = await loadSpecText(
      'dataset d from postgres table "s.t" password "x" { quasi a }',
      resolve('w/s.privspec'),
      nodeServices(),
    );
    assert.ok(doc.parseResult.parserErrors.length > 0);
  });
});
