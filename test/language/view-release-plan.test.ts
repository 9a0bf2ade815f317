import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocument, loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releaseDescription } from '../../language/privspec-release-plan.js';
import type * as ast from '../../language/generated/ast.js';
import { EmptyFileSystem } from 'langium';
import { parseHelper } from 'langium/test';
import { createPrivspecServices } from '../../language/privspec-module.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');
const services = nodeServices();

// people.csv: id, name, age, sex, zip, diagnosis, income, height.
const DATASET = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex, zip
  sensitive diagnosis
  insensitive income
  unit id
}
hierarchy sex { "M", "F", "X" -> "*" }
budget { epsilon 2 }
`;

async function check(releases: string) {
  const document = await loadSpecText(`${DATASET}${releases}`, join(fixtures, 'view.privspec'), services);
  const result = await checkDocument(document, { scanData: false }, services);
  const spec = document.parseResult.value as ast.Spec;
  return { errors: result.diagnostics.filter((d) => d.severity === 'error'), budget: result.budget, spec };
}

describe('language: the view release kind (issue 29)', () => {
  it('parses dimensions with public bounds and hierarchy values, the mechanism, and a bound after it', async () => {
    const { errors, budget, spec } = await check(
      'release v: view age within 0..99, sex hdpview epsilon 1 bound unit rows 2\n',
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(releaseDescription(spec.releases[0])!.query, {
      kind: 'view',
      dimensions: [{ column: 'age', low: 0, high: 99 }, { column: 'sex' }],
      bound: { groups: undefined, rows: 2 },
    });
    assert.deepEqual(releaseDescription(spec.releases[0])!.mechanism, {
      kind: 'hdpview',
      epsilon: 1,
      delta: undefined,
      rho: undefined,
    });
    // A view costs the ε written, like any pure-DP release: 1 of the budget's 2.
    assert.deepEqual(budget.spent, { epsilon: 1 });
  });

  it('the bound may also sit in the query; privtree and identity are view mechanisms too; costs add up sequentially', async () => {
    const { errors, budget } = await check(
      'release a: view age within 0..99 bound unit rows 1 privtree epsilon 0.5\nrelease b: view sex, age within 20..29 bound unit rows 1 identity epsilon 0.25\n',
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(budget.spent, { epsilon: 0.75 });
  });

  it('a categorical dimension needs a hierarchy that lists its values: never the data’s values, whatever is accepted', async () => {
    const { errors } = await check(
      'release v: view zip, age within 0..99 hdpview epsilon 1 bound unit rows 1 accept data-dependent-domain\n',
    );
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(
      errors[0].message,
      /the view dimension 'zip' has no public domain: give a numeric column its bounds with 'zip within LOW\.\.HIGH'.*never takes its domain from the data/,
    );
  });

  it('identifying columns, the unit and undeclared columns are never a view dimension', async () => {
    for (const [column, why] of [
      ['name', /declared identifying/],
      ['id', /privacy unit/],
      ['height', /no role in the dataset/],
    ] as const) {
      const { errors } = await check(
        `release v: view ${column} within 0..9, sex hdpview epsilon 1 bound unit rows 1\n`,
      );
      assert.ok(
        errors.some(
          (e) => e.code === 'column-role' && why.test(e.message) && /cannot be a view dimension/.test(e.message),
        ),
        `${column}: ${JSON.stringify(errors)}`,
      );
    }
  });

  it('the survey weight is never a view dimension', async () => {
    const text =
      'dataset people from "data/people.csv" {\n  quasi age, sex\n  weight income\n}\nbudget { epsilon 2 }\nrelease v: view income within 0..100000 hdpview epsilon 1\n';
    const document = await loadSpecText(text, join(fixtures, 'view-weight.privspec'), services);
    const errors = (await checkDocument(document, { scanData: false }, services)).diagnostics.filter(
      (d) => d.severity === 'error',
    );
    assert.ok(
      errors.some((e) => e.code === 'column-role' && /survey weight.*cannot be a view dimension/.test(e.message)),
      JSON.stringify(errors.map((e) => e.message)),
    );
  });

  it('refuses a bad range, a repeated column, a non-view mechanism, ρ, a missing ε, an unbounded unit, and a trailing bound elsewhere', async () => {
    const cases: [string, RegExp][] = [
      ['view age within 9..0 hdpview epsilon 1 bound unit rows 1', /the range 9\.\.0 of 'age' is empty/],
      ['view age within 0.5..9 hdpview epsilon 1 bound unit rows 1', /must be integers/],
      ['view age within 0..9, age within 0..9 hdpview epsilon 1 bound unit rows 1', /'age' is listed twice/],
      [
        'view age within 0..9 laplace epsilon 1 bound unit rows 1',
        /a view release takes hdpview or privtree or identity, not laplace/,
      ],
      [
        'view age within 0..9 hdpview epsilon 1 rho 0.5 bound unit rows 1',
        /hdpview is stated in pure ε-DP; remove 'rho'/,
      ],
      ['view age within 0..9 hdpview bound unit rows 1', /hdpview needs 'epsilon E'/],
      ['view age within 0..9 hdpview epsilon 1', /does not bound its contributions/],
      ['view age within 0..9 bound unit rows 1 hdpview epsilon 1 bound unit rows 2', /the view is bounded twice/],
      ['count by sex laplace epsilon 1 bound unit groups 1 rows 1', /a bound after the mechanism is for view releases/],
      [
        'view age within 0..999, income within 0..9999 identity epsilon 1 bound unit rows 1',
        /the identity view materializes every cell: 10000000 cells is more than 1048576; use hdpview or privtree/,
      ],
    ];
    for (const [release, message] of cases) {
      const { errors } = await check(`release v: ${release}\n`);
      assert.ok(
        errors.some((e) => message.test(e.message)),
        `${release}: ${JSON.stringify(errors.map((e) => e.message))}`,
      );
    }
  });

  it('linked releases treat a view like other DP releases: a generalized file writing its dimension is linked to it', async () => {
    const { errors } = await check(
      'anonymity { k 2 }\nrelease g: generalize\nrelease v: view sex hdpview epsilon 1 bound unit rows 1\n',
    );
    assert.ok(
      errors.some((e) => e.code === 'linked-releases' && /'g' publishes .*'v'/.test(e.message)),
      JSON.stringify(errors.map((e) => e.message)),
    );
    const accepted = await check(
      'anonymity { k 2 }\nrelease g: generalize\nrelease v: view sex hdpview epsilon 1 bound unit rows 1 accept linked-releases "the view is for exploration"\n',
    );
    assert.ok(
      !accepted.errors.some((e) => e.code === 'linked-releases'),
      JSON.stringify(accepted.errors.map((e) => e.message)),
    );
  });

  it('view and identity stay usable as names: a column or a release may be called either', async () => {
    const parse = parseHelper<ast.Spec>(createPrivspecServices(EmptyFileSystem).Privspec);
    const document = await parse(
      'dataset d from "d.csv" { quasi view, identity }\nrelease view: count by identity laplace epsilon 0.5\nrelease identity: view view within 0..9, identity identity epsilon 0.5\n',
    );
    assert.deepEqual(
      document.parseResult.parserErrors.map((e) => e.message),
      [],
    );
    const [a, b] = document.parseResult.value.releases.map((r) => releaseDescription(r)!);
    assert.deepEqual(
      [a.name, a.query],
      ['view', { kind: 'count', by: ['identity'], where: undefined, bound: undefined }],
    );
    assert.deepEqual(
      [b.name, b.query, b.mechanism?.kind],
      [
        'identity',
        { kind: 'view', dimensions: [{ column: 'view', low: 0, high: 9 }, { column: 'identity' }], bound: undefined },
        'identity',
      ],
    );
  });
});
