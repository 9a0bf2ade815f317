import { strict as assert } from 'node:assert';
import { levelEdit, type TextEdit } from '../../../extension/spec/level-edit.js';

function apply(text: string, edit: TextEdit | undefined): string {
  assert.ok(edit);
  return text.slice(0, edit.offset) + edit.text + text.slice(edit.offset + edit.length);
}

describe('extension/spec/level-edit', () => {
  it('adds a pin to a one-line anonymity block', () => {
    const text = 'dataset d from "x.csv" { quasi zip }\nanonymity { k 3 }\n';
    assert.equal(apply(text, levelEdit(text, 'zip', 1)), 'dataset d from "x.csv" { quasi zip }\nanonymity { k 3  generalize zip 1 }\n');
  });

  it('replaces an earlier pin of the same column', () => {
    const text = 'anonymity { k 3  generalize zip 1  generalize age 2 }\n';
    assert.equal(apply(text, levelEdit(text, 'zip', 3)), 'anonymity { k 3  generalize zip 3  generalize age 2 }\n');
  });

  it('adds a line to a multi-line block, indented like the clause before it', () => {
    const text = 'anonymity {\n    k 5\n    suppression 2%\n}\n';
    assert.equal(apply(text, levelEdit(text, 'age', 2)), 'anonymity {\n    k 5\n    suppression 2%\n    generalize age 2\n}\n');
  });

  it('adds the block when the spec has none, and fills an empty one', () => {
    assert.equal(apply('dataset d from "x.csv" { }', levelEdit('dataset d from "x.csv" { }', 'zip', 1)), 'dataset d from "x.csv" { }\nanonymity { generalize zip 1 }\n');
    assert.equal(apply('anonymity {}', levelEdit('anonymity {}', 'zip', 1)), 'anonymity { generalize zip 1 }');
  });

  it('ignores braces and keywords inside comments and strings', () => {
    const text = '// anonymity { k 9 }\nhierarchy sex { "}", "M" -> "*" }\n/* anonymity { */ anonymity { k 3 }\n';
    assert.equal(apply(text, levelEdit(text, 'zip', 1)), '// anonymity { k 9 }\nhierarchy sex { "}", "M" -> "*" }\n/* anonymity { */ anonymity { k 3  generalize zip 1 }\n');
  });

  it('quotes a column that is not an identifier, and refuses level 0', () => {
    const text = 'anonymity { k 3 }';
    assert.equal(apply(text, levelEdit(text, 'zip code', 1)), 'anonymity { k 3  generalize "zip code" 1 }');
    assert.equal(levelEdit(text, 'zip', 0), undefined);
  });
});
