import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

// The newcomer tour (issue 37): a plan whose releases are linked answered every ▶ Preview with "the spec has 7 errors
// … fix them before releasing", though choosing which release to drop is what the preview is for. The preview spends
// nothing and writes nothing, so it tolerates linked releases as it tolerates a budget overrun, and says ▶ Run refuses.
describe('privspec/previewRelease on a plan with linked releases', () => {
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-preview-linked-'));
  before(() => useTestRegistryFor(dir));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
  const specFile = join(dir, 'spec.privspec');
  // release-basic.privspec without its two acceptances: 'public' and 'swapped' are linked with the DP releases.
  writeFileSync(
    specFile,
    readFileSync(join(fixtures, 'release-basic.privspec'), 'utf8').replace(/ {2}accept linked-releases "[^"]*"/g, ''),
  );

  it('previews a count of the plan, noting the linked pairs ▶ Run refuses', async () => {
    const document = await loadSpecText(readFileSync(specFile, 'utf8'), specFile, services);
    const p = await releasePreview(services, document, {
      uri: document.uri.toString(),
      release: 'by_sex',
      controls: {},
    });
    assert.ok(p.body.kind === 'aggregate');
    // people.csv: sex M ×6, F ×5, X ×1 (the fixture's own count).
    assert.deepEqual(
      p.body.cells.map((c) => [c.label, c.truth]),
      [
        ['M', 6],
        ['F', 5],
        ['X', 1],
      ],
    );
    const note = p.notes.find((n) => n.includes('linked-releases'));
    assert.match(
      note ?? '',
      /^the spec has \d+ linked-releases errors \(the first: '.*\): ▶ Run refuses until each pair/,
    );
  });
});
