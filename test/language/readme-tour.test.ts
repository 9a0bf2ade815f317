import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { csvModels } from '../../language/lsp/csv-models.js';

const root = join(import.meta.dirname, '..', '..');
const services = nodeEditorServices();

// Issue 37 item 11: "the README's tour names the spec that checks patients.csv". Three example specs name it; the
// editor checks a CSV against the first model the server sends for it (csvModels' order), and the tour said
// visits.privspec while the colours came from another.
describe("the README's tour", () => {
  it('names the spec the editor checks data/patients.csv against', async () => {
    const folder = join(root, 'examples');
    const documents = await Promise.all(
      readdirSync(folder)
        .filter((f) => f.endsWith('.privspec'))
        .map((f) => loadSpecText(readFileSync(join(folder, f), 'utf8'), join(folder, f), services)),
    );
    const first = csvModels(documents).find((m) => m.csvPath.endsWith('data/patients.csv'))!;
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const step = /1\. \*\*The data\.\*\*[\s\S]*?(?=\n2\. )/.exec(readme)![0];
    assert.match(step, new RegExp(`here \`${first.specName.replace('.', '\\.')}\``));
  });
});
