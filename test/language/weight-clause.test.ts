import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkSpec, loadSpecText, nodeServices } from '../../language/check-spec.js';
import { specDatasetModels } from '../../language/lsp/csv-models.js';
import { datasetPlan } from '../../language/privspec-to-engine.js';
import { releasableColumns } from '../../engine/release/release-description.js';
import type * as ast from '../../language/generated/ast.js';

/** A spec beside a CSV in a fresh folder, checked as `privspec check` would. */
async function check(spec: string, csv = 'sex,region,w,income\nF,A,4,10\nM,A,5,20\nM,A,x,30\n') {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-weight-'));
  writeFileSync(join(dir, 'd.csv'), csv);
  writeFileSync(join(dir, 's.privspec'), spec);
  return (await checkSpec(join(dir, 's.privspec'))).diagnostics;
}

describe('language: the weight clause (issue 28)', () => {
  it('parses `weight COL` in a dataset block, and `weight` still names a column elsewhere', async () => {
    const doc = await loadSpecText(
      'dataset d from "d.csv" { quasi sex, region weight w insensitive weight }',
      resolve('w/s.privspec'),
      nodeServices(),
    );
    assert.deepEqual(doc.parseResult.parserErrors, []);
    const dataset = (doc.parseResult.value as ast.Spec).datasets[0];
    const plan = datasetPlan(dataset, resolve('w/s.privspec'));
    assert.equal(plan.weight, 'w');
    assert.deepEqual(plan.insensitive, ['weight']);
    const [model] = specDatasetModels(doc);
    assert.equal(model.weight, 'w');
  });

  it('the weight column is never released, even if the spec also lists it as insensitive by mistake', () => {
    const base = {
      name: 'd',
      file: '/d.csv',
      identifying: [],
      quasi: ['sex'],
      sensitive: [],
      insensitive: ['w', 'income'],
    };
    assert.deepEqual(releasableColumns({ ...base, weight: 'w' }, ['sex', 'w', 'income']).kept, ['sex', 'income']);
    assert.deepEqual(releasableColumns(base, ['sex', 'w', 'income']).kept, ['sex', 'w', 'income']);
  });

  it('refuses a weight that is also released or the privacy unit, and a second weight', async () => {
    const role = await check(
      'dataset d from "d.csv" { quasi sex, region insensitive w weight w }',
      'sex,region,w\nF,A,4\n',
    );
    assert.ok(
      role.some(
        (d) =>
          d.code === 'invalid-weight' &&
          /'w' is the survey weight and cannot also be declared insensitive/.test(d.message),
      ),
      JSON.stringify(role),
    );
    const unit = await check('dataset d from "d.csv" { quasi sex unit w weight w }', 'sex,region,w\nF,A,4\n');
    assert.ok(unit.some((d) => d.code === 'invalid-weight' && /cannot also be the privacy unit/.test(d.message)));
    const twice = await check('dataset d from "d.csv" { quasi sex weight w weight region }', 'sex,region,w\nF,A,4\n');
    assert.ok(twice.some((d) => d.code === 'duplicate' && /one survey weight/.test(d.message)));
  });

  it('a weight cell that is not a number of at least 1 is an error on the clause, naming the CSV line', async () => {
    const diagnostics = await check('dataset d from "d.csv" { quasi sex, region weight w insensitive income }');
    const bad = diagnostics.find((d) => d.code === 'invalid-weight');
    assert.ok(bad, JSON.stringify(diagnostics));
    assert.match(bad.message, /the weight 'x' is not a number.*\(d\.csv:4\)/);
    assert.equal(bad.line, 1);
    const fine = await check('dataset d from "d.csv" { quasi sex, region weight w }', 'sex,region,w\nF,A,4\nM,A,1.5\n');
    assert.ok(!fine.some((d) => d.code === 'invalid-weight'));
  });
});
