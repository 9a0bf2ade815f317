import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LangiumDocument } from 'langium';
import { seededRandom } from '../../engine/core/random.js';
import { runReleasesAtSource } from '../../engine/host/run/source-release.js';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { column } from '../../engine/table/table.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { releaseInput } from '../../language/release-input.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.js';
import { serverOrSkip } from '../helpers/server-process.js';
import { BOUNDED, drawn, FROM_DATA, releasedValues, rounded, specText } from '../helpers/preview-spec.js';

const SEED = 11;

const examples = join(import.meta.dirname, '..', '..', 'examples');

// Issue 26 item 6 on a real PostgreSQL server (initdb in a temporary folder, a free port): the preview panel on
// `dataset visits from postgres table "privspec.patients"` reads only the server's aggregates and frequency tables,
// its example draw is `privspec release --seed S`'s value on the server's answers, and its figures are the CSV's.
describe('the preview of a PostgreSQL table reads only aggregates, and shows the release minus its noise', function () {
  this.timeout(600_000);
  const services = nodeServices();
  const docs = new Map<string, LangiumDocument>();
  const tableCalls: string[] = [];
  const saved = { ...process.env };
  let pg: PostgresServer;
  let dir: string;

  before(async function () {
    pg = await serverOrSkip(this, () => startPostgres());
    dir = mkdtempSync(join(tmpdir(), 'privspec-preview-pg-'));
    const csvFile = join(dir, 'patients.csv');
    copyFileSync(join(examples, 'data', 'patients.csv'), csvFile);
    const table = await readCsvFile(csvFile);
    const cols = table.columns.map((c) => column(table, c.name));
    const rows = Array.from({ length: table.rowCount }, (_, r) => cols.map((c) => c.dictionary[c.codes[r]]));
    await pg.sql('CREATE SCHEMA privspec');
    await pg.sql(`CREATE TABLE privspec.patients (${cols.map((c) => `"${c.name}" text`).join(', ')})`);
    for (let i = 0; i < rows.length; i += 5000) {
      await pg.sql(
        `INSERT INTO privspec.patients VALUES ${rows
          .slice(i, i + 5000)
          .map((r) => `(${r.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')})`)
          .join(',')}`,
      );
    }
    // privspec connects as the read-only role docs/databases.md recommends: SELECT on this table only.
    await pg.grantRead('privspec.patients');
    Object.assign(process.env, pg.readerEnv, { PRIVSPEC_LEDGER_DIR: join(dir, 'ledgers') });
    const store = services.data.CsvStore;
    const read = store.table.bind(store);
    store.table = (path: string, delimiter?: string) => {
      tableCalls.push(path);
      return read(path, delimiter);
    };
    for (const [name, text] of [
      ['csv', specText('patients.csv')],
      ['postgres', specText('patients.csv').replace('from "patients.csv"', 'from postgres table "privspec.patients"')],
    ]) {
      const file = join(dir, `${name}.privspec`);
      writeFileSync(file, text);
      const document = await loadSpecText(text, file, services);
      await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
      docs.set(name, document);
    }
  });
  after(async () => {
    process.env = { ...saved };
    await pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const preview = (spec: string, release: string, options: Parameters<typeof releasePreview>[3] = {}) => {
    const document = docs.get(spec)!;
    return releasePreview(services, document, { uri: document.uri.toString(), release, controls: {} }, options);
  };

  it("bounded DP releases: the example draw is the seeded release on the server's answers; no row is read", async () => {
    tableCalls.length = 0;
    for (const name of BOUNDED) {
      const p = await preview('postgres', name, { seed: SEED });
      const input = await releaseInput(services, docs.get('postgres')!, name, undefined, { scanData: false });
      const out = join(dir, `out-${name}`);
      const result = await runReleasesAtSource(input, { out, seed: SEED, dryRun: false });
      assert.equal(result.releases[0].status, 'written', result.releases[0].message);
      const grid = p.body.kind === 'grid' ? p.body.size : undefined;
      assert.deepEqual(drawn(p).map(String), releasedValues(join(out, `${name}.csv`), grid).map(String), name);
    }
    assert.deepEqual(tableCalls, []);
  });

  it("domains and grid bounds from the data, generalize and PRAM: the CSV's previews", async () => {
    tableCalls.length = 0;
    for (const name of [...FROM_DATA, 'public']) {
      const p = await preview('postgres', name, { seed: SEED });
      const c = await preview('csv', name, { rng: seededRandom(SEED) });
      // The server returns the records in its own order, so a loss summed over classes may differ in its last bits.
      assert.deepEqual(rounded(p.body), rounded(c.body), name);
    }
    const p = await preview('postgres', 'diagnosis_pram', { seed: SEED });
    const c = await preview('csv', 'diagnosis_pram', { rng: seededRandom(SEED) });
    const [pb, cb] = [p.body, c.body];
    if (pb.kind !== 'pram' || cb.kind !== 'pram') return assert.fail('not a PRAM preview');
    for (const [i, a] of pb.attributes.entries()) {
      const b: (typeof pb.attributes)[number] = cb.attributes[i];
      const by = (x: typeof a): Record<string, [number, string, string]> =>
        Object.fromEntries(x.labels.map((l, j) => [l, [x.before[j], x.expected[j].toFixed(9), x.band[j].toFixed(9)]]));
      assert.deepEqual(by(a), by(b), a.name);
    }
    assert.deepEqual(
      tableCalls.filter((f) => !f.endsWith('patients.csv')),
      [],
    );
    assert.ok(readFileSync(join(dir, 'postgres.privspec'), 'utf8').includes('postgres table'));
  });
});
