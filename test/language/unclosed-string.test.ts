import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { isClosedString } from '../../language/privspec-text.js';
import { quoteString, unquoteColumn } from '../../language/quote-column.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const services = nodeEditorServices();
const message = (m: string | { value: string }) => (typeof m === 'string' ? m : m.value);

async function diagnosticsOf(text: string) {
  const document = await loadSpecText(text, join(root, 'test', 'fixtures', 'specs', 'clean.privspec'), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  return { document, diagnostics: document.diagnostics ?? [] };
}

// Issue 37 item 4: "An unclosed string gives 'Expecting token of type 'EOF' but found `native`', 'unexpected character:
// ->/<- at offset: 511' and, on the CSV, 'ENOENT … adult_hierarchy_education.csv\nhierarchy ': strings end at the line
// break (one error: 'unclosed string', with a quick fix), as the colouring already shows."
describe('an unclosed string is one error at the string, with a quick fix', () => {
  // test/fixtures/specs/clean.privspec with its dataset's file name left open.
  const spec = [
    'dataset people from "data/people.csv {',
    '  identifying name',
    '  quasi age, sex',
    '  sensitive diagnosis',
    '}',
    'hierarchy age: intervals 10, 20',
    'hierarchy sex { "M", "F", "X" -> "*" }',
    'budget { epsilon 1 }',
    'release by_sex: count by sex  laplace epsilon 0.5',
    '',
  ].join('\n');

  it('gives exactly one error, unclosed-string, on line 1: no parse error, no lexer error, no file read across lines', async () => {
    const { diagnostics } = await diagnosticsOf(spec);
    const errors = diagnostics.filter((d) => d.severity === 1);
    assert.deepEqual(
      errors.map((d) => [d.code, d.range.start.line, message(d.message)]),
      [['unclosed-string', 0, 'unclosed string: a string ends at the end of its line; add the closing "']],
    );
    // Nothing names the next line as part of a file name (the ENOENT the issue quotes).
    assert.ok(!diagnostics.some((d) => /\{\n|EOF|unexpected character/.test(message(d.message))));
  });

  it('the quick fix closes the string before the block it took in (else at the end of its line); the spec then has no error', async () => {
    const { document, diagnostics } = await diagnosticsOf(spec);
    const d = diagnostics.find((x) => x.code === 'unclosed-string')!;
    const actions = (await services.lsp.CodeActionProvider!.getCodeActions(document, {
      textDocument: { uri: document.uri.toString() },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Close the string'],
    );
    const fixed = TextDocument.applyEdits(
      TextDocument.create('x', 'privspec', 1, document.textDocument.getText()),
      actions[0].edit!.changes![document.uri.toString()],
    );
    assert.equal(fixed.split('\n')[0], 'dataset people from "data/people.csv" {');
    const after = await diagnosticsOf(fixed);
    assert.deepEqual(
      after.diagnostics.filter((x) => x.severity === 1).map((x) => x.code),
      [],
    );
  });

  it('a string still closes at an escaped backslash and not at an escaped quote', () => {
    // Token texts as the lexer gives them: "a\\" is closed (the backslash is escaped), "a\" is not.
    assert.equal(isClosedString(String.raw`"a\\"`), true);
    assert.equal(isClosedString(String.raw`"a\"`), false);
    assert.equal(isClosedString(String.raw`"a\\\"`), false);
    assert.equal(isClosedString('"'), false);
    assert.equal(isClosedString('""'), true);
  });

  it('a name with a line break is written with \\n, so that it survives the round trip through a spec', () => {
    const name = 'first\nsecond\r"third"';
    const written = quoteString(name);
    assert.ok(!/[\r\n]/.test(written), written);
    assert.equal(unquoteColumn(written), name);
  });
});
