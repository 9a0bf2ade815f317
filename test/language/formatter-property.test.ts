import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { withoutTrailingSpaces } from '../../language/lsp/trailing-spaces.js';

const services = nodeEditorServices();
let n = 0;

async function parse(text: string): Promise<LangiumDocument> {
  const document = await loadSpecText(text, join('/tmp', `format-property-${n++}.privspec`), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: false });
  return document;
}

async function format(text: string): Promise<string> {
  const document = await parse(text);
  const edits = await services.lsp.Formatter!.formatDocument(document, {
    textDocument: { uri: document.uri.toString() },
    options: { tabSize: 2, insertSpaces: true },
  });
  return TextDocument.applyEdits(TextDocument.create('x', 'privspec', 1, text), edits);
}

/** The syntax tree without positions and Langium's bookkeeping: what the spec says, not how it is laid out. */
function tree(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tree);
  if (node && typeof node === 'object')
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => !k.startsWith('$') || k === '$type')
        .map(([k, v]) => [k, tree(v)]),
    );
  return node;
}

// Whitespace as people type it: none, several spaces, tabs, trailing spaces before a line break, blank lines.
const gap = fc.constantFrom(' ', '  ', '\t', ' \n', '   \n  ', '\n\n', ' \t \n');
const tight = fc.constantFrom('', ' ', '  ');
const spec = fc
  .tuple(
    gap,
    gap,
    gap,
    tight,
    tight,
    gap,
    gap,
    fc.boolean(),
    fc.boolean(),
    fc.constantFrom('', '   // a comment  ', '  /* block */ '),
    gap,
    gap,
  )
  .map(([a, b, c, t1, t2, d, e, oneLineDataset, oneLineBudget, comment, f, g]) =>
    [
      `dataset${a}people from "data/people.csv"${t1}{${oneLineDataset ? ' ' : `${b}\n`}quasi age${t2},${c}sex${oneLineDataset ? ' ' : '\n'}}${comment}`,
      `hierarchy age${t1}:${b}intervals 10${t2},${a}20`,
      `budget${t1}{${oneLineBudget ? ' ' : '\n'}epsilon${d}1${oneLineBudget ? ' ' : '\n'}}`,
      `release a${t2}:${e}count where age in 10${t1}..${t2}20${f}laplace epsilon 0.5${g}`,
    ].join('\n'),
  );

describe('the formatter (issue 24): idempotent, no trailing spaces, the same syntax tree, one-line blocks kept', () => {
  it('format ∘ format = format; no line ends in a space; the parse is unchanged (fast-check, 150 specs)', async () => {
    await fc.assert(
      fc.asyncProperty(spec, async (text) => {
        const once = await format(text);
        assert.equal(await format(once), once, 'formatting twice changes nothing more');
        assert.ok(!/[ \t]$/m.test(once), `a trailing space in:\n${JSON.stringify(once)}`);
        const before = await parse(text);
        const after = await parse(once);
        assert.deepEqual(tree(after.parseResult.value), tree(before.parseResult.value));
        assert.deepEqual(after.parseResult.parserErrors, []);
      }),
      { numRuns: 150, seed: 24 },
    );
  });

  it('keeps a block written on one line on one line, and spreads one written over several lines', async () => {
    assert.equal(await format('budget {  epsilon 1 }  \n'), 'budget { epsilon 1 }\n');
    assert.equal(await format('budget {\nepsilon 1\n}\n'), 'budget {\n  epsilon 1\n}\n');
  });

  it('keeps a t-closeness clause and its distance (issue 37 item 6)', async () => {
    assert.equal(
      await format('anonymity {\nk 2\n  t-closeness   ordered 0.375 on    salary\n}\n'),
      'anonymity {\n  k 2\n  t-closeness ordered 0.375 on salary\n}\n',
    );
    assert.equal(
      await format('anonymity { t-closeness 0.2 on salary  suppression 2% }\n'),
      'anonymity { t-closeness 0.2 on salary  suppression 2% }\n',
    );
  });

  it('drops trailing spaces outside strings, also after comments, and keeps them inside a string', () => {
    assert.equal(withoutTrailingSpaces('a  \nb // c  \r\nd\t\n"x  \ny"  \n'), 'a\nb // c\r\nd\n"x  \ny"\n');
  });
});

// Issue 37 item 11: "the formatter keeps the examples' double-space clause separators and ends the file with a
// newline".
describe('the formatter keeps what the examples write', () => {
  const examples = ['examples/visits.privspec', 'examples/views.privspec', 'examples/public-file.privspec'];
  for (const file of examples)
    it(`leaves ${file} as it is (its aligned releases and double-spaced clauses)`, async () => {
      const text = readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8');
      assert.equal(await format(text), text);
    });

  it("keeps the author's alignment of a release's query, two spaces before a clause set apart, one inside, and a final newline", async () => {
    assert.equal(
      await format('release a:   count  by  sex  where age in 1..2     laplace   epsilon 0.5'),
      'release a:   count by sex  where age in 1..2  laplace epsilon 0.5\n',
    );
  });
});
