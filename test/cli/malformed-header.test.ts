import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarkupContent } from 'vscode-languageserver';
import { runCli } from '../helpers/run-cli-isolated.js';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';

// Issue 11 item 3 — one CSV reader: header fields are compared exactly as the engine reads them. A spec naming `age`
// where the header says `age ` gets unknown-column with "did you mean 'age '?"; no command of the CLI and no feature of
// the language server prints a stack trace on such a header.
const SPEC = `dataset p from "data/p.csv" {
  quasi age, sex
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 1 }
release c: count by sex  laplace epsilon 0.5
`;

describe('issue 11 item 3 — a malformed header (`age ,sex`) everywhere', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-header-'));
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'p.csv'), 'id,age ,sex\n1,30,F\n2,40,M\n');
    writeFileSync(join(dir, 's.privspec'), SPEC);
    writeFileSync(join(dir, 'edges.csv'), 'a ,b\nx,y\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out, err };
  };
  const noTrace = (text: string) =>
    assert.doesNotMatch(text, /\n\s+at |TableError:|TypeError:|An error occurred during validation/, text);

  it('check: unknown-column with did-you-mean at the column, exit 1', async () => {
    const r = await run(['check', 's.privspec', '--format', 'json']);
    assert.equal(r.code, 1);
    const d = JSON.parse(r.out).diagnostics.find((x: { code: string }) => x.code === 'unknown-column');
    assert.equal(d.message, "unknown column 'age' in data/p.csv (did you mean 'age '?)");
    noTrace(r.err);
  });

  for (const args of [
    ['release', 's.privspec', '--out', 'out'],
    ['risk', 'data/p.csv', '--qi', 'age,sex'],
    ['anonymize', 'data/p.csv', '--qi', 'age', '--hierarchy', 'age=data/p.csv', '--k', '2'],
    ['reid', 'data/p.csv', 'data/p.csv', '--qi', 'age', '--pram', 'age=0.8'],
    ['leakage', 'edges.csv'],
  ]) {
    it(`${args[0]}: one clear line, exit 1 or 2, no stack trace`, async () => {
      const r = await run(args);
      assert.ok(r.code === 1 || r.code === 2, `${r.code}: ${r.err}`);
      noTrace(r.err);
      noTrace(r.out);
      assert.ok(r.err.trim().split('\n').length <= 2, r.err);
    });
  }

  it('language server: validation, hover and completion on the spec answer without throwing', async () => {
    const services = nodeEditorServices();
    const document = await loadSpecText(SPEC, join(dir, 's.privspec'), services);
    await services.shared.workspace.DocumentBuilder.build([document], {
      validation: { categories: ['built-in', 'fast', 'slow'] },
    });
    assert.ok(
      document.diagnostics!.some((d) => d.message === "unknown column 'age' in data/p.csv (did you mean 'age '?)"),
    );
    const text = document.textDocument.getText();
    for (const needle of ['age', 'sex', 'c:', 'budget']) {
      const position = document.textDocument.positionAt(text.indexOf(needle) + 1);
      const hover = await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position,
      });
      noTrace((hover?.contents as MarkupContent | undefined)?.value ?? '');
      await services.lsp.CompletionProvider!.getCompletion(document, {
        textDocument: { uri: document.uri.toString() },
        position,
      });
    }
    services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
  });
});
