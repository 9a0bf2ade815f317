import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionList } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import type { PrivspecCompletionProvider } from '../../language/lsp/privspec-completion.js';

// Issue 37, item 3: the language server answers completion from the editor's current text and the document as last
// parsed (language/lsp/completion-handler.ts), without waiting for the edit's build. These tests hold that answer to
// the one the provider gives once the edited text is parsed, and count the parses it needs: none.
const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');
const services = nodeEditorServices();
const provider = services.lsp.CompletionProvider as PrivspecCompletionProvider;
const file = join(fixtures, 'completion-from-text.privspec');

// people.csv: id, name, age, sex, zip, diagnosis, income, height (test/language/completion-positions.test.ts).
const SPEC = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
  sensitive diagnosis
  insensitive zip, income, height
  unit id
}
hierarchy age: intervals 10, 20
budget { epsilon 1 }
release by_sex: count by sex  laplace epsilon 0.5
`;

/** The labels of a list, sorted (the order of the items is checked apart). */
const labels = (list: CompletionList | undefined) => (list?.items ?? []).map((i) => i.label);

/** The edited text as the editor holds it, with the cursor at the end of `typed`, appended to SPEC. */
function edited(typed: string) {
  const text = TextDocument.create(`file://${file}`, 'privspec', 2, SPEC + typed);
  return { text, params: { textDocument: { uri: text.uri }, position: text.positionAt(text.getText().length) } };
}

/** What the provider answers once `typed` is parsed and the document built (the path Langium's handler takes). */
async function afterBuild(typed: string): Promise<CompletionList | undefined> {
  const document = await loadSpecText(SPEC + typed, file, services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  return provider.getCompletion(document, {
    textDocument: { uri: document.uri.toString() },
    position: document.textDocument.positionAt(document.textDocument.getText().length),
  });
}

describe('completion from the text before the cursor, on the document as last parsed (issue 37 item 3)', () => {
  const cases: [string, string][] = [
    ['the groupable columns after `count by`', 'release r: count by '],
    ['the numeric columns after `sum`', 'release r: sum '],
    ['the query kinds after `release NAME:`', 'release r: '],
    ['the mechanisms a count takes after `count by COL`', 'release r: count by zip '],
    ['the risks after `accept`', 'release r: count laplace epsilon 0.1 accept '],
  ];
  for (const [what, typed] of cases) {
    it(`gives ${what} as the built document does, parsing nothing`, async () => {
      const last = await loadSpecText(SPEC, file, services);
      await services.shared.workspace.DocumentBuilder.build([last], { validation: true });
      const parser = services.parser.LangiumParser;
      const parse = parser.parse.bind(parser);
      let parses = 0;
      parser.parse = (...args: Parameters<typeof parse>) => {
        parses++;
        return parse(...args);
      };
      let quick: CompletionList | undefined;
      try {
        const { text, params } = edited(typed);
        quick = await provider.completeFromText(text, last, params);
      } finally {
        parser.parse = parse;
      }
      assert.equal(parses, 0, 'the text-first answer parsed the edited text');
      assert.ok(quick, `no answer from the text for '${typed}'`);
      const built = await afterBuild(typed);
      assert.deepEqual(labels(quick), labels(built));
      assert.deepEqual(
        quick.items.map((i) => i.textEdit),
        built?.items.map((i) => i.textEdit),
        'the items replace the same range',
      );
    });
  }

  it('names the columns of the edited text (people.csv) with the roles of the last parse', async () => {
    const last = await loadSpecText(SPEC, file, services);
    await services.shared.workspace.DocumentBuilder.build([last], { validation: true });
    const { text, params } = edited('release r: count by ');
    // name is identifying and id the unit: neither is a group (completion-columns.ts).
    assert.deepEqual(labels(await provider.completeFromText(text, last, params)).sort(), [
      'age',
      'diagnosis',
      'height',
      'income',
      'sex',
      'zip',
    ]);
  });

  it('leaves to the grammar what the text alone does not decide (after `clamp`, inside a string)', async () => {
    const last = await loadSpecText(SPEC, file, services);
    await services.shared.workspace.DocumentBuilder.build([last], { validation: true });
    for (const typed of ['release r: sum income clamp ', 'release r: count where sex = "']) {
      const { text, params } = edited(typed);
      assert.equal(await provider.completeFromText(text, last, params), undefined, typed);
    }
  });
});
