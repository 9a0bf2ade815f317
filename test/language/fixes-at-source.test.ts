import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { IssueCodes } from '../../language/issue-codes.js';
import { csvToParquet } from '../helpers/parquet.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

// Issue 26 item 6: the quick fixes that read the data — a domain or a hierarchy from a column's values, the optimal
// levels of the anonymity block — read a Parquet dataset's frequency tables, never its rows, and offer what they offer
// on the CSV (test/language/code-actions.test.ts: people.csv, 12 rows, sex F ×5, M ×6, X ×1, ages 34–52).
describe('quick fixes on a Parquet dataset read its frequency tables, never its rows', function () {
  this.timeout(120000);
  const services = nodeEditorServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-fixes-source-'));
  const store = services.data.CsvStore;
  const read: string[] = [];
  const table = store.table.bind(store);
  store.table = (path: string, delimiter?: string) => {
    read.push(path);
    return table(path, delimiter);
  };
  // A table read once is handed out again by peekTable: that counts as reading it too.
  const peek = store.peekTable.bind(store);
  store.peekTable = async (path: string) => {
    const t = await peek(path);
    if (t) read.push(path);
    return t;
  };
  before(async () => {
    copyFileSync(join(fixtures, 'data', 'people.csv'), join(dir, 'people.csv'));
    await csvToParquet(join(dir, 'people.csv'), join(dir, 'people.parquet'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function fixes(
    data: string,
    spec: string,
    code: string,
  ): Promise<{ document: LangiumDocument; actions: CodeAction[] }> {
    const text = `dataset people from "${data}" {\n  quasi sex\n  sensitive diagnosis\n}\nhierarchy sex { "M", "F", "X" -> "*" }\n${spec}`;
    const document = await loadSpecText(text, join(dir, `${data}.privspec`), services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    const d = (document.diagnostics ?? []).find((x: Diagnostic) => x.code === code);
    assert.ok(d, `${data}: no ${code} among ${JSON.stringify(document.diagnostics?.map((x) => x.code))}`);
    const actions = (await services.lsp.CodeActionProvider!.getCodeActions(document, {
      textDocument: { uri: document.uri.toString() },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    return { document, actions };
  }
  const applied = (document: LangiumDocument, action: CodeAction) =>
    TextDocument.applyEdits(
      TextDocument.create('x', 'privspec', 1, document.textDocument.getText()),
      action.edit!.changes![document.uri.toString()],
    );

  const cases: [string, string, RegExp, RegExp][] = [
    [
      IssueCodes.DataDependentDomain,
      'budget { epsilon 1 }\nrelease a: count by diagnosis laplace epsilon 0.5\n',
      /^Declare the domain of 'diagnosis' from the data's 3 values$/,
      /hierarchy diagnosis \{ "asthma", "cold", "flu" -> "\*" \}/,
    ],
    [
      IssueCodes.KAnonymityViolated,
      'anonymity { k 3 }\n',
      /^Pin the optimal levels: sex=1 \(\*\)$/,
      /anonymity \{ k 3\s+generalize sex 1 \}/,
    ],
    [
      IssueCodes.LDiversityViolated,
      'anonymity { l-diversity 2 on diagnosis }\n',
      /^Pin the optimal levels: sex=1 \(\*\)$/,
      /generalize sex 1/,
    ],
  ];
  for (const [code, spec, title, writes] of cases) {
    it(`${code}: the CSV's fix, from the Parquet file's frequency table`, async () => {
      read.length = 0;
      const parquet = await fixes('people.parquet', spec, code);
      assert.deepEqual(read, [], 'no table read for the Parquet dataset');
      const csv = await fixes('people.csv', spec, code);
      assert.deepEqual(
        parquet.actions.map((a) => a.title),
        csv.actions.map((a) => a.title),
      );
      const fix = parquet.actions.find((a) => title.test(a.title));
      assert.ok(fix, parquet.actions.map((a) => a.title).join(' | '));
      assert.match(applied(parquet.document, fix), writes);
    });
  }

  it("a quasi-identifier without a hierarchy: the suggested intervals from the Parquet column's values", async () => {
    read.length = 0;
    const text =
      'dataset people from "people.parquet" {\n  quasi sex, age\n  sensitive diagnosis\n}\nhierarchy sex { "M", "F", "X" -> "*" }\n';
    const document = await loadSpecText(text, join(dir, 'age.privspec'), services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    const d = (document.diagnostics ?? []).find((x) => x.code === IssueCodes.QuasiWithoutHierarchy)!;
    const actions = (await services.lsp.CodeActionProvider!.getCodeActions(document, {
      textDocument: { uri: document.uri.toString() },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    // Ages 34–52: about ten intervals over a range of 18 → width 2, doubling twice (as on the CSV).
    assert.ok(
      actions.some((a) => /^Add a hierarchy for 'age': intervals of 2, 4, 8$/.test(a.title)),
      actions.map((a) => a.title).join(' | '),
    );
    assert.deepEqual(read, []);
  });

  it('the dataset hover says the data is read where it lies, not that it has not been scanned; it reads no row', async () => {
    read.length = 0;
    const text =
      'dataset people from "people.parquet" {\n  quasi sex\n  sensitive diagnosis\n}\nhierarchy sex { "M", "F", "X" -> "*" }\n';
    const document = await loadSpecText(text, join(dir, 'hover.privspec'), services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    const hover = await services.lsp.HoverProvider!.getHoverContent(document, {
      textDocument: { uri: document.uri.toString() },
      position: document.textDocument.positionAt(text.indexOf('people') + 1),
    });
    const value = (hover?.contents as { value: string }).value;
    assert.match(value, /Read where it lies: the editor reads only its aggregates/);
    assert.doesNotMatch(value, /not been scanned/);
    assert.deepEqual(read, []);
  });
});
