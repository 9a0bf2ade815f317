import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { EmptyFileSystem } from 'langium';
import { parseHelper } from 'langium/test';
import { quoteColumn, wordKeywords } from '../../language/quote-column.js';
import type * as ast from '../../language/generated/ast.js';
import { createPrivspecServices } from '../../language/privspec-module.js';
import { specName } from '../../language/spec-draft.js';

const services = createPrivspecServices(EmptyFileSystem).Privspec;
const parse = parseHelper<ast.Spec>(services);

/** The spec an edit would produce with `name` in every place a column is written (role, hierarchy, pin, query). */
async function roundTrip(name: string): Promise<string[]> {
  const q = quoteColumn(name);
  const text = `dataset d from "x.csv" { quasi ${q} sensitive other }\nhierarchy ${q} { "a" -> "*" }\nanonymity { k 2  generalize ${q} 1 }\nrelease r: count by ${q}  laplace epsilon 1\n`;
  const document = await parse(text);
  const errors = [
    ...document.parseResult.lexerErrors.map((e) => e.message),
    ...document.parseResult.parserErrors.map((e) => e.message),
  ];
  assert.deepEqual(errors, [], `syntax errors for ${JSON.stringify(name)} written ${q}:\n${text}`);
  const s = document.parseResult.value;
  const role = s.datasets[0].clauses[0] as ast.RoleClause;
  const pin = s.anonymities[0].clauses.find((c): c is ast.LevelClause => c.$type === 'LevelClause')!;
  return [
    role.columns[0].name,
    s.hierarchies[0].column.name,
    pin.column.name,
    (s.releases[0].query as ast.CountQuery).by[0].name,
  ];
}

// Issue 22 item 7: one quoting function for column names in every edit and draft.
describe('language/quote-column: one quoting function, checked against the parser', () => {
  it('every keyword round-trips as a column name (quoted), in roles, hierarchies, pins and queries', async () => {
    for (const k of wordKeywords()) {
      assert.equal(quoteColumn(k), `"${k}"`);
      assert.deepEqual(await roundTrip(k), [k, k, k, k]);
    }
    // The quick fix of the issue: `generalize where 1` did not parse.
    assert.equal(quoteColumn('where'), '"where"');
  });

  it('odd names round-trip: spaces, quotes, backslashes, digits first, non-ASCII, dashes (property)', async () => {
    const odd = fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.stringMatching(/^[_a-zA-Z][\w]{0,8}$/),
      fc.constantFrom(
        'visit date',
        'say "hi"',
        'a\\b',
        '1st',
        'x-y',
        'größe',
        '年齢',
        'a"',
        '\\',
        'tab\there',
        '"',
        'where',
      ),
    );
    await fc.assert(
      fc.asyncProperty(odd, async (name) => {
        assert.deepEqual(await roundTrip(name), [name, name, name, name]);
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  it('the quick fixes and the spec draft write names with it', () => {
    assert.equal(specName, quoteColumn);
    assert.equal(quoteColumn('age'), 'age');
  });
});
