import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cancellation, isOperationCancelled } from 'langium';
import { checkDocument, checkSpec, loadSpecText } from '../../language/check-spec.js';
import { createPrivspecServices } from '../../language/privspec-module.js';
import { NodeFileSystem } from 'langium/node';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');
const codes = (r: { diagnostics: { code: string }[] }) => r.diagnostics.map((d) => d.code);

describe('data checks', () => {
  it('reads headers but does not scan the data with scanData: false', async () => {
    const noScan = await checkSpec(join(fixtures, 'unknown-column.privspec'), { scanData: false });
    assert.ok(codes(noScan).includes('unknown-column'));
    const kOnly = await checkSpec(join(fixtures, 'k-violation.privspec'), { scanData: false });
    assert.deepEqual(codes(kOnly), []);
    const scanned = await checkSpec(join(fixtures, 'k-violation.privspec'));
    assert.deepEqual(codes(scanned), ['optimal-transformation', 'k-anonymity-violated']);
  });

  it('sees a changed CSV header at the next check (cache keyed by modification time)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-cache-'));
    try {
      const csv = join(dir, 'd.csv');
      writeFileSync(csv, 'a,b\n1,2\n');
      const spec = join(dir, 's.privspec');
      writeFileSync(spec, 'dataset d from "d.csv" { insensitive a, c }\n');
      const services = createPrivspecServices(NodeFileSystem).Privspec;
      const before = await checkSpec(spec, {}, services);
      assert.deepEqual(codes(before), ['unknown-column']);
      writeFileSync(csv, 'a,c\n1,2\n');
      // A new modification time, and a pause longer than the store's stat reuse window.
      utimesSync(csv, new Date(), new Date(Date.now() + 5000));
      await new Promise((r) => setTimeout(r, 300));
      const after = await checkSpec(spec, {}, services);
      assert.deepEqual(codes(after), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops a data check when its validation is cancelled', async () => {
    const services = createPrivspecServices(NodeFileSystem).Privspec;
    const document = await loadSpecText(
      'dataset p from "data/people.csv" { quasi sex }\nanonymity { k 3 }\n',
      join(fixtures, 'cancel.privspec'),
      services,
    );
    const source = new Cancellation.CancellationTokenSource();
    source.cancel();
    await assert.rejects(
      services.validation.DocumentValidator.validateDocument(document, { categories: ['slow'] }, source.token),
      (e) => isOperationCancelled(e),
    );
  });

  it('reports interval widths that do not nest as an invalid hierarchy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-nest-'));
    try {
      cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
      const spec = join(dir, 's.privspec');
      writeFileSync(spec, 'dataset p from "data/people.csv" { quasi age }\nhierarchy age: intervals 5, 7\n');
      const result = await checkDocument(
        await loadSpecText('dataset p from "data/people.csv" { quasi age }\nhierarchy age: intervals 5, 7\n', spec),
      );
      assert.deepEqual(codes(result), ['hierarchy-invalid']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
