import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompletionItem } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';

const services = nodeEditorServices();

// A project laid out as ARX's Adult is: the hierarchies beside the data, other CSVs around.
const root = mkdtempSync(join(tmpdir(), 'privspec-files-'));
mkdirSync(join(root, 'data'));
mkdirSync(join(root, 'more'));
writeFileSync(join(root, 'data', 'people.csv'), 'age;education\n30;Bachelors\n');
writeFileSync(join(root, 'data', 'people_hierarchy_age.csv'), '30;*\n');
writeFileSync(join(root, 'data', 'people_hierarchy_education.csv'), 'Bachelors;*\n');
writeFileSync(join(root, 'data', 'notes.md'), '# not data\n');
writeFileSync(join(root, 'data', 'people.parquet'), 'PAR1');
writeFileSync(join(root, 'more', 'extra.csv'), 'a\n');
writeFileSync(join(root, 'top.csv'), 'a\n');

async function complete(text: string): Promise<CompletionItem[]> {
  const at = text.indexOf('|');
  const document = await loadSpecText(text.replace('|', ''), join(root, 'spec.privspec'), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: false });
  const list = await services.lsp.CompletionProvider!.getCompletion(document, {
    textDocument: { uri: document.uri.toString() },
    position: document.textDocument.positionAt(at),
  });
  return list?.items ?? [];
}

const DATASET = 'dataset p from "data/people.csv" delimiter ";" { quasi age, education }\n';

// Issue 37 item 6: "file paths in `from "…"` (the hierarchy CSVs beside the data first)".
describe('completion of file names in from "…"', () => {
  it("a hierarchy: the CSVs beside the data first, the one naming the column before them, then the spec's folder", async () => {
    const items = await complete(`${DATASET}hierarchy education from "|`);
    assert.deepEqual(
      items.map((i) => i.label),
      [
        'data/people_hierarchy_education.csv',
        'data/people.csv',
        'data/people_hierarchy_age.csv',
        'top.csv',
        'data/',
        'more/',
      ],
    );
    // The string is not closed after the cursor: accepting a file closes it.
    assert.equal((items[0].textEdit as { newText: string }).newText, 'data/people_hierarchy_education.csv"');
  });

  it('a dataset: data files (CSV and Parquet, not notes) in the folder typed so far', async () => {
    const items = await complete('dataset p from "data/|"');
    assert.deepEqual(
      items.map((i) => i.label),
      [
        'data/people.csv',
        'data/people.parquet',
        'data/people_hierarchy_age.csv',
        'data/people_hierarchy_education.csv',
      ],
    );
    // Closed after the cursor: the file name replaces what is typed, the quote stays.
    assert.equal((items[0].textEdit as { newText: string }).newText, 'data/people.csv');
  });

  // The second newcomer tour linked Adult's files into its workspace: a link is listed as neither file nor folder, so
  // each CSV was offered as a folder (no closing quote, the list opened again on it).
  it('files linked into the folder are files: offered as such, and accepting one closes the string', async () => {
    mkdirSync(join(root, 'linked'));
    symlinkSync(join(root, 'data', 'people.csv'), join(root, 'linked', 'people.csv'));
    symlinkSync(join(root, 'data', 'people_hierarchy_age.csv'), join(root, 'linked', 'people_hierarchy_age.csv'));
    const items = await complete(
      'dataset p from "linked/people.csv" delimiter ";" { quasi age }\nhierarchy age from "|',
    );
    const linked = items.filter((i) => i.label.startsWith('linked/') && i.label !== 'linked/');
    assert.deepEqual(
      linked.map((i) => [i.label, (i.textEdit as { newText: string }).newText, i.command]),
      [
        ['linked/people_hierarchy_age.csv', 'linked/people_hierarchy_age.csv"', undefined],
        ['linked/people.csv', 'linked/people.csv"', undefined],
      ],
    );
  });

  it('nothing but files outside from "…" (a where value is not a file)', async () => {
    const items = await complete(`${DATASET}release r: count where education = "|`);
    assert.ok(!items.some((i) => i.label.endsWith('.csv')));
  });
});
