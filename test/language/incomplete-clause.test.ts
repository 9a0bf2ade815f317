import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSpec } from '../../language/check-spec.js';

// Issue 37's language findings: an incomplete `t-closeness` clause showed the parser's "Expecting token of type
// 'NUMBER' but found `}`" (and a second error, "t must be … got undefined"); `grid age, age` was accepted.
const HEAD = `dataset d from "d.csv" { quasi age  sensitive diagnosis  insensitive height  unit id }
hierarchy age: intervals 10
`;

async function errors(body: string) {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-incomplete-'));
  writeFileSync(join(dir, 'd.csv'), 'id,age,height,diagnosis\n1,30,170,flu\n2,40,180,cold\n');
  writeFileSync(join(dir, 's.privspec'), HEAD + body);
  return (await checkSpec(join(dir, 's.privspec'))).diagnostics.filter((d) => d.severity === 'error');
}

describe('readable errors for an incomplete t-closeness clause and a repeated grid dimension (issue 37)', () => {
  for (const [clause, missing] of [
    ['t-closeness', 'its threshold T and its column'],
    ['t-closeness equal', 'its threshold T and its column'],
    ['t-closeness 0.2', "its column ('on COLUMN')"],
    ['t-closeness 0.2 on', "its column ('on COLUMN')"],
  ]) {
    it(`'${clause}' is one error naming the clause's form, with the dataset's sensitive column as the example`, async () => {
      const es = await errors(`anonymity { k 2 ${clause} }\n`);
      assert.equal(es.length, 1, es.map((e) => e.message).join('\n'));
      assert.equal(
        es[0].message,
        `incomplete t-closeness clause: it needs ${missing}; write 't-closeness [equal | ordered | hierarchical] T on COLUMN', with T in (0, 1], e.g. 't-closeness 0.2 on diagnosis'`,
      );
      assert.equal(es[0].line, 3);
    });
  }

  it('a complete clause is not touched: t out of range is still its own error', async () => {
    const es = await errors('anonymity { k 2 t-closeness 1.5 on diagnosis }\n');
    assert.deepEqual(
      es.map((e) => e.message),
      ['t must be a number in (0, 1], got 1.5'],
    );
  });

  it("'grid age, age' is refused: a repeated dimension; so is a view's", async () => {
    const grid = await errors(
      'budget { epsilon 1 }\nrelease g: grid age, age size 4 within 0..100, 0..100 bound unit rows 1 laplace epsilon 1\n',
    );
    assert.ok(
      grid.some((e) => e.message === "'age' is a dimension of the grid twice; each dimension is a different column"),
      grid.map((e) => e.message).join('\n'),
    );
    const view = await errors(
      'budget { epsilon 1 }\nrelease v: view age within 0..100, height within 0..300, age within 0..100 bound unit rows 1 hdpview epsilon 1\n',
    );
    assert.ok(
      view.some((e) => e.message === "'age' is a dimension of the view twice; each dimension is a different column"),
      view.map((e) => e.message).join('\n'),
    );
    const fine = await errors(
      'budget { epsilon 1 }\nrelease g: grid age, height size 4 within 0..100, 0..300 bound unit rows 1 laplace epsilon 1\n',
    );
    assert.ok(!fine.some((e) => /twice/.test(e.message)), fine.map((e) => e.message).join('\n'));
  });
});

// The second newcomer tour: Adult has one numeric column, so 'grid age size 64 …' is what a newcomer writes once
// 'grid age, age' is refused; it gave "Expecting token of type ',' but found `size`" twice (at 'size' and at the
// mechanism) and "unknown column 'size' in d.csv" from the parser's recovery.
describe('a grid over one column is one readable error (second newcomer tour)', () => {
  it("'grid age size 4 …' says a grid takes two columns and how to count one", async () => {
    const es = await errors(
      'budget { epsilon 1 }\nrelease g: grid age size 4 within 0..100 bound unit rows 1 laplace epsilon 1\n',
    );
    assert.deepEqual(
      es.map((e) => [e.line, e.message]),
      [
        [
          4,
          "a grid counts points over two coordinate columns: write 'grid age, COLUMN size N [within lo..hi, lo..hi]'; for age alone, 'count by age' (banded by its hierarchy) or 'view age within lo..hi' gives its histogram",
        ],
      ],
    );
  });

  it('a two-column grid with another parser error keeps the parser error', async () => {
    const es = await errors(
      'budget { epsilon 1 }\nrelease g: grid age, height size within 0..100, 0..300 bound unit rows 1 laplace epsilon 1\n',
    );
    assert.ok(es.length > 0);
    assert.ok(
      es.every((e) => !e.message.startsWith('a grid counts points')),
      es.map((e) => e.message).join('\n'),
    );
  });
});
