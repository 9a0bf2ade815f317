import { strict as assert } from 'node:assert';
import { EmptyFileSystem } from 'langium';
import { parseHelper } from 'langium/test';
import type * as ast from '../../language/generated/ast.js';
import { createPrivspecServices } from '../../language/privspec-module.js';

const services = createPrivspecServices(EmptyFileSystem).Privspec;
const parse = parseHelper<ast.Spec>(services);

async function spec(text: string): Promise<ast.Spec> {
  const document = await parse(text);
  const errors = [
    ...document.parseResult.lexerErrors.map((e) => e.message),
    ...document.parseResult.parserErrors.map((e) => e.message),
  ];
  assert.deepEqual(errors, [], `syntax errors in: ${text}`);
  return document.parseResult.value;
}

describe('spec grammar', () => {
  it('parses a dataset with every clause', async () => {
    const s = await spec(
      'dataset v from "d.csv" delimiter ";" { identifying a, b quasi c sensitive d insensitive e unit f sampling 0.1 }',
    );
    const d = s.datasets[0];
    assert.equal(d.name, 'v');
    assert.equal(d.file, 'd.csv');
    assert.equal(d.delimiter, ';');
    assert.deepEqual(
      d.clauses.map((c) => c.$type),
      ['RoleClause', 'RoleClause', 'RoleClause', 'RoleClause', 'UnitClause', 'SamplingClause'],
    );
    assert.deepEqual(
      (d.clauses[0] as ast.RoleClause).columns.map((c) => c.name),
      ['a', 'b'],
    );
    assert.equal((d.clauses[5] as ast.SamplingClause).fraction, 0.1);
  });

  it('parses the four hierarchy forms', async () => {
    const s = await spec(
      'hierarchy age: intervals 5, 10 from 1\nhierarchy zip: mask 1, 2\nhierarchy d: date month, year\nhierarchy sex { "M", "F" -> "*" }\nhierarchy o from "o.csv"',
    );
    const [age, zip, d, sex, o] = s.hierarchies;
    assert.deepEqual(
      [(age.builder as ast.IntervalsBuilder).widths, (age.builder as ast.IntervalsBuilder).origin],
      [[5, 10], 1],
    );
    assert.deepEqual((zip.builder as ast.MaskBuilder).counts, [1, 2]);
    assert.deepEqual((d.builder as ast.DateBuilder).units, ['month', 'year']);
    assert.deepEqual([sex.groups[0].values, sex.groups[0].levels], [['M', 'F'], ['*']]);
    assert.equal(o.file, 'o.csv');
  });

  it('parses anonymity and budget blocks, percentages and exponents', async () => {
    const s = await spec(
      'anonymity { k 5 l-diversity recursive 3 c 4 on diag suppression 2% metric entropy-nm }\nbudget { epsilon 1.0 delta 1e-6 accounting zcdp }',
    );
    const [k, l, sup, metric] = s.anonymities[0].clauses;
    assert.equal((k as ast.KClause).k, 5);
    assert.deepEqual(
      [(l as ast.LDiversityClause).variant, (l as ast.LDiversityClause).l, (l as ast.LDiversityClause).c],
      ['recursive', 3, 4],
    );
    assert.deepEqual([(sup as ast.SuppressionClause).limit, (sup as ast.SuppressionClause).percent], [2, true]);
    assert.equal((metric as ast.MetricClause).metric, 'entropy-nm');
    assert.deepEqual(
      s.budgets[0].clauses.map((c) => [c.name, c.value ?? c.accounting]),
      [
        ['epsilon', 1],
        ['delta', 1e-6],
        ['accounting', 'zcdp'],
      ],
    );
  });

  it('parses every release form of the language sketch', async () => {
    const s = await spec(`
release a: count by age laplace epsilon 0.2
release b: mean income clamp 0..200000 gaussian rho 0.01
release c: count where age in 10..20 and zip in "10000".."19999" laplace epsilon 0.1
release d: count by zip bound unit groups 1 rows 3 laplace epsilon 0.2
release e: pram diagnosis retain 0.8
release f: generalize
release g: grid x, y size 512 nn-wavelet rho 0.05
release h: mode diagnosis exponential epsilon 0.1
release i: sum income clamp -10..10 where sex = "F" and k in { 1, 2 } gaussian epsilon 0.5 delta 1e-7`);
    assert.deepEqual(
      s.releases.map((r) => [r.name, r.query.kind, r.mechanism?.kind]),
      [
        ['a', 'count', 'laplace'],
        ['b', 'mean', 'gaussian'],
        ['c', 'count', 'laplace'],
        ['d', 'count', 'laplace'],
        ['e', 'pram', undefined],
        ['f', 'generalize', undefined],
        ['g', 'grid', 'nn-wavelet'],
        ['h', 'mode', 'exponential'],
        ['i', 'sum', 'gaussian'],
      ],
    );
    const c = s.releases[2].query as ast.CountQuery;
    assert.deepEqual(
      c.where!.terms.map((t) => [t.column.name, t.low?.number ?? t.low?.text, t.high?.number ?? t.high?.text]),
      [
        ['age', 10, 20],
        ['zip', '10000', '19999'],
      ],
    );
    const d = s.releases[3].query as ast.CountQuery;
    assert.deepEqual([d.bound!.groups, d.bound!.rows], [1, 3]);
    const i = s.releases[8].query as ast.SumQuery;
    assert.deepEqual([i.low, i.high], [-10, 10]);
    assert.deepEqual(
      i.where!.terms[1].values.map((v) => v.number),
      [1, 2],
    );
  });

  it('accepts keywords and quoted headers as names', async () => {
    const s = await spec(
      'dataset d from "x.csv" { quasi date, "visit date", k }\nrelease c: count by date laplace epsilon 1',
    );
    assert.deepEqual(
      (s.datasets[0].clauses[0] as ast.RoleClause).columns.map((c) => c.name),
      ['date', 'visit date', 'k'],
    );
    assert.equal(s.releases[0].name, 'c');
  });

  it('ignores line and block comments', async () => {
    const s = await spec('// a comment\n/* a block\n comment */ budget { epsilon 1 } // trailing');
    assert.equal(s.budgets.length, 1);
  });

  it('reports a syntax error instead of throwing', async () => {
    const document = await parse('release : count laplace');
    assert.ok(document.parseResult.parserErrors.length > 0);
  });
});
