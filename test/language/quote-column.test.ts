import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type * as ast from '../../language/generated/ast.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { quoteColumn, unquoteColumn, wordKeywords } from '../../language/quote-column.js';

// Issue 22: one quoting function for every edit and draft. Every keyword of the grammar and any odd name (spaces,
// quotes, backslashes, newlines, non-ASCII) written by `quoteColumn` reads back through the parser as the same name.
describe('language/quote-column', () => {
  const services = nodeServices();
  let n = 0;
  const readBack = async (name: string) => {
    const q = quoteColumn(name);
    const text = `dataset d from "x.csv" { quasi ${q} }\nanonymity { k 2  generalize ${q} 1 }\n`;
    const document = await loadSpecText(text, join(tmpdir(), `quote-${n++}.privspec`), services);
    const errors = [...document.parseResult.lexerErrors, ...document.parseResult.parserErrors].map((e) => e.message);
    const spec = document.parseResult.value as ast.Spec;
    const role = spec.datasets[0]?.clauses[0] as ast.RoleClause | undefined;
    const pin = spec.anonymities[0]?.clauses.find((c): c is ast.LevelClause => c.$type === 'LevelClause');
    return { errors, quasi: role?.columns[0]?.name, pinned: pin?.column?.name };
  };

  it('reads the keywords from the generated grammar: where, by, k and date are there', () => {
    for (const k of ['where', 'by', 'k', 'date', 'generalize', 'anonymity', 'epsilon'])
      assert.ok(wordKeywords().has(k), k);
    assert.ok(!wordKeywords().has('zip'));
  });

  it('leaves identifiers bare and quotes keywords, spaces, quotes and backslashes', () => {
    assert.equal(quoteColumn('zip'), 'zip');
    assert.equal(quoteColumn('where'), '"where"');
    assert.equal(quoteColumn('zip code'), '"zip code"');
    assert.equal(quoteColumn('a"b\\c'), '"a\\"b\\\\c"');
    assert.equal(unquoteColumn(quoteColumn('a"b\\c')), 'a"b\\c');
  });

  it('every keyword of the grammar round-trips through the parser as a column name', async () => {
    for (const keyword of wordKeywords()) {
      const r = await readBack(keyword);
      assert.deepEqual(r, { errors: [], quasi: keyword, pinned: keyword }, keyword);
    }
  });

  it('any name round-trips through the parser (property, 200 names)', async () => {
    const odd = fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom(
        'zip code',
        'a"b',
        'back\\slash',
        'line\nbreak',
        'tab\there',
        'café',
        '"',
        '\\',
        '1st',
        '-x',
        'x-y',
      ),
      fc.constantFrom(...wordKeywords()),
    );
    await fc.assert(
      fc.asyncProperty(odd, async (name) => {
        const r = await readBack(name);
        assert.deepEqual(r, { errors: [], quasi: name, pinned: name }, JSON.stringify(name));
      }),
      { numRuns: 200 },
    );
  });
});
