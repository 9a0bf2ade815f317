import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LangiumDocument } from 'langium';
import type { CodeAction } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { seededRandom } from '../../engine/core/random.js';
import { loadSpecText } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { nodeEditorServices } from '../../language/privspec-module.js';

const examples = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');

// Issue 37 item 8: the view preview says which algorithm answers its workload best, and the release line offers the
// switch as a quick fix while it reads as previewed.
describe('language/lsp/algorithm-switch: the view preview’s proposal as a quick fix on the release line', function () {
  this.timeout(120_000);
  const services = nodeEditorServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-algorithm-switch-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(examples, dir, { recursive: true });
  const specFile = join(dir, 'views.privspec');
  let n = 0;
  const open = async (text: string) => {
    // A fresh name per version: the documents of one process are kept by URI.
    const file = join(dir, `views-${n++}.privspec`);
    writeFileSync(file, text);
    const document = await loadSpecText(text, file, services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
  };
  const lineOf = (document: LangiumDocument, pattern: RegExp) =>
    document.textDocument
      .getText()
      .split('\n')
      .findIndex((l) => pattern.test(l));
  const actionsOn = async (document: LangiumDocument, line: number) =>
    (await services.lsp.CodeActionProvider!.getCodeActions(document, {
      textDocument: { uri: document.uri.toString() },
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      context: { diagnostics: [] },
    })) as CodeAction[];
  const switches = (actions: CodeAction[]) => actions.filter((a) => a.title.startsWith('Switch to '));

  it('on the example view (HDPView at ε 0.5): PrivTree answers the workload clearly better; the fix writes privtree and the spec checks clean', async () => {
    const document = await open(readFileSync(specFile, 'utf8'));
    const line = lineOf(document, /^release explore:/);
    assert.deepEqual(switches(await actionsOn(document, line)), [], 'offered before any preview');
    // Seed 1: PrivTree is proposed after one, two or three rounds of builds alike (the time box decides how many on a
    // given machine), so the outcome does not depend on its speed.
    const p = await releasePreview(
      services,
      document,
      { uri: document.uri.toString(), release: 'explore', controls: {} },
      { rng: seededRandom(1) },
    );
    assert.ok(p.body.kind === 'view');
    const s = p.body.suggestion;
    assert.ok(s, JSON.stringify(p.body.arr));
    assert.equal(s.best, 'privtree');
    assert.equal(s.current, 'hdpview');
    // The errors compared are the preview's own figures.
    assert.equal(s.bestRmse, p.body.arr.find((a) => a.algorithm === 'privtree')!.rmse);
    assert.equal(s.currentRmse, p.body.arr.find((a) => a.algorithm === 'hdpview')!.rmse);
    assert.match(s.text, /^PrivTree [\d.,]+ vs HDPView [\d.,]+ on this data: switch\?$/);
    const [fix, ...more] = switches(await actionsOn(document, line));
    assert.equal(more.length, 0);
    assert.equal(fix.title, `Switch to privtree (${s.comparison})`);
    assert.deepEqual(switches(await actionsOn(document, line - 2)), [], 'offered on another line');
    const fixed = TextDocument.applyEdits(
      TextDocument.create('x', 'privspec', 1, document.textDocument.getText()),
      fix.edit!.changes![document.uri.toString()],
    );
    assert.match(
      fixed,
      /release explore: view age within 0\.\.99, sex, diagnosis, occupation {2}privtree epsilon 0\.5 {2}bound unit rows 3/,
    );
    const after = await open(fixed);
    const errors = (after.diagnostics ?? []).filter((d) => d.severity === 1);
    assert.deepEqual(errors, []);
    assert.deepEqual(switches(await actionsOn(after, line)), [], 'a new document has no preview of its own yet');
  });

  it('is not offered once the line no longer reads as previewed (another ε), nor for a preview at the panel’s own ε', async () => {
    const text = readFileSync(specFile, 'utf8');
    const document = await open(text);
    const line = lineOf(document, /^release explore:/);
    const uri = document.uri.toString();
    await releasePreview(services, document, { uri, release: 'explore', controls: {} }, { rng: seededRandom(1) });
    assert.equal(switches(await actionsOn(document, line)).length, 1);
    // The panel's ε 1 is another release than the line's ε 0.5: its proposal replaces the line's, and is not offered.
    await releasePreview(
      services,
      document,
      { uri, release: 'explore', controls: { epsilon: 1 } },
      { rng: seededRandom(1) },
    );
    assert.deepEqual(switches(await actionsOn(document, line)), []);
    // Back at the line's parameters, then the line edited in place: the proposal was about ε 0.5.
    await releasePreview(services, document, { uri, release: 'explore', controls: {} }, { rng: seededRandom(1) });
    assert.equal(switches(await actionsOn(document, line)).length, 1);
    const edited = text.replace('hdpview epsilon 0.5', 'hdpview epsilon 0.4');
    // Saved and rebuilt, as the editor's change would be.
    writeFileSync(document.uri.fsPath, edited);
    await services.shared.workspace.DocumentBuilder.update([document.uri], []);
    assert.match(document.textDocument.getText(), /hdpview epsilon 0\.4/);
    assert.deepEqual(switches(await actionsOn(document, line)), []);
  });
});
