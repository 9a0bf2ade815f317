import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LangiumDocument } from 'langium';
import type { CodeAction, Hover, MarkupContent } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');
const services = nodeEditorServices();

async function open(text: string): Promise<LangiumDocument> {
  const document = await loadSpecText(text, join(fixtures, 'typo-test.privspec'), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  return document;
}

const SPEC = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
  sensitive diagnosis
}
hierarchy age: intervals 10, 20
hierarchy sex { "M", "F", "X" -> "*" }
anonymity { k 2  generalize sex 0 }
budget { epsilon 1 }
release by_sex: count by sex  laplace epsilon 0.5
`;

const fixOf = async (document: LangiumDocument, code: string) => {
  const diagnostic = document.diagnostics!.find((d) => d.code === code)!;
  const actions = await services.lsp.CodeActionProvider!.getCodeActions(document, {
    textDocument: { uri: document.uri.toString() },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  });
  return actions![0] as CodeAction;
};

describe('did-you-mean for keywords and columns (issue 24 item 6)', () => {
  it("a misspelt mechanism is 'unknown keyword' with the keyword the grammar expects there, and a quick fix; no 'needs a mechanism'", async () => {
    const document = await open(SPEC.replace('laplace epsilon', 'laplase epsilon'));
    const errors = document.diagnostics!.filter((d) => d.severity === 1);
    assert.deepEqual(
      errors.map((d) => d.message),
      ["unknown keyword 'laplase' (did you mean 'laplace'?)"],
      'one error, and not "Expecting token of type \'EOF\'"',
    );
    const fix = await fixOf(document, 'unknown-keyword');
    assert.equal(fix.title, "Change to 'laplace'");
    assert.deepEqual(
      fix.edit!.changes![document.uri.toString()].map((e) => e.newText),
      ['laplace'],
    );
  });

  it("a misspelt block keyword inside the budget is matched against the budget's keywords", async () => {
    const document = await open(SPEC.replace('budget { epsilon 1 }', 'budget { epsilom 1 }'));
    assert.ok(
      document.diagnostics!.some((d) => d.message === "unknown keyword 'epsilom' (did you mean 'epsilon'?)"),
      document.diagnostics!.map((d) => (typeof d.message === 'string' ? d.message : d.message.value)).join('\n'),
    );
  });

  it("a word far from every expected keyword keeps the parser's message", async () => {
    const document = await open(SPEC.replace('laplace epsilon', 'zzzzzzzz epsilon'));
    assert.ok(document.diagnostics!.some((d) => d.code === 'parsing-error'));
    assert.ok(!document.diagnostics!.some((d) => d.code === 'unknown-keyword'));
  });

  it('an unknown column is one error per reference, with the fix; nothing else about it (no data-dependent domain, no pin warning)', async () => {
    const document = await open(SPEC.replace('count by sex', 'count by sexx'));
    const about = document.diagnostics!.filter((d) =>
      (typeof d.message === 'string' ? d.message : d.message.value).includes("'sexx'"),
    );
    assert.deepEqual(
      about.map((d) => [d.code, d.message]),
      [['unknown-column', "unknown column 'sexx' in data/people.csv (did you mean 'sex'?)"]],
    );
    const fix = await fixOf(document, 'unknown-column');
    assert.equal(fix.title, "Change to 'sex'");
    // The hover says what is wrong, not that the data has not been scanned.
    const text = document.textDocument.getText();
    const hover: Hover | undefined = await services.lsp.HoverProvider!.getHoverContent(document, {
      textDocument: { uri: document.uri.toString() },
      position: document.textDocument.positionAt(text.indexOf('sexx') + 1),
    });
    const value = (hover?.contents as MarkupContent).value;
    assert.match(value, /Not a column of .*people\.csv \(did you mean `sex`\?\)/);
    assert.doesNotMatch(value, /not been scanned/);
  });
});
