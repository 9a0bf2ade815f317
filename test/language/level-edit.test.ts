import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { levelEdit, type OffsetEdit } from '../../language/lsp/spec-edit-requests.js';

// The CSV quick fix "Generalize <column> to level L" asks the language server (`privspec/levelEdit`), which finds the
// anonymity block on the syntax tree: comments and strings cannot fool it, and names are quoted by `quoteColumn`.
describe('language/lsp/spec-edit-requests: levelEdit', () => {
  const services = nodeServices();
  let n = 0;
  const edit = async (text: string, column: string, level: number): Promise<OffsetEdit | undefined> =>
    levelEdit(await loadSpecText(text, join(tmpdir(), `level-edit-${n++}.privspec`), services), column, level);
  const apply = async (text: string, column: string, level: number): Promise<string> => {
    const e = await edit(text, column, level);
    assert.ok(e);
    return text.slice(0, e.offset) + e.text + text.slice(e.offset + e.length);
  };

  it('adds a pin to a one-line anonymity block', async () => {
    const text = 'dataset d from "x.csv" { quasi zip }\nanonymity { k 3 }\n';
    assert.equal(
      await apply(text, 'zip', 1),
      'dataset d from "x.csv" { quasi zip }\nanonymity { k 3  generalize zip 1 }\n',
    );
  });

  it('replaces an earlier pin of the same column', async () => {
    const text = 'anonymity { k 3  generalize zip 1  generalize age 2 }\n';
    assert.equal(await apply(text, 'zip', 3), 'anonymity { k 3  generalize zip 3  generalize age 2 }\n');
  });

  it('adds a line to a multi-line block, indented like the clause before it', async () => {
    const text = 'anonymity {\n    k 5\n    suppression 2%\n}\n';
    assert.equal(await apply(text, 'age', 2), 'anonymity {\n    k 5\n    suppression 2%\n    generalize age 2\n}\n');
  });

  it('adds the block when the spec has none, and fills an empty one', async () => {
    assert.equal(
      await apply('dataset d from "x.csv" { }', 'zip', 1),
      'dataset d from "x.csv" { }\nanonymity { generalize zip 1 }\n',
    );
    assert.equal(await apply('anonymity {}', 'zip', 1), 'anonymity { generalize zip 1 }');
  });

  it('ignores braces and keywords inside comments and strings', async () => {
    const text = '// anonymity { k 9 }\nhierarchy sex { "}", "M" -> "*" }\n/* anonymity { */ anonymity { k 3 }\n';
    assert.equal(
      await apply(text, 'zip', 1),
      '// anonymity { k 9 }\nhierarchy sex { "}", "M" -> "*" }\n/* anonymity { */ anonymity { k 3  generalize zip 1 }\n',
    );
  });

  it('quotes a column that is not an identifier or is a keyword, replaces a quoted pin, and refuses level 0', async () => {
    assert.equal(await apply('anonymity { k 3 }', 'zip code', 1), 'anonymity { k 3  generalize "zip code" 1 }');
    // Before issue 22 the client wrote `generalize where 1`, which does not parse.
    assert.equal(await apply('anonymity { k 3 }', 'where', 1), 'anonymity { k 3  generalize "where" 1 }');
    assert.equal(
      await apply('anonymity { k 3  generalize "where" 1 }', 'where', 2),
      'anonymity { k 3  generalize "where" 2 }',
    );
    assert.equal(await edit('anonymity { k 3 }', 'zip', 0), undefined);
  });
});
