import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LangiumDocument } from 'langium';
import { seededRandom } from '../../engine/core/random.js';
import { aggregatePlan } from '../../engine/host/run/aggregate-plan.js';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { runReleases } from '../../engine/host/run/release-runner.js';
import type { RunInput } from '../../engine/release/run-input.js';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import type { AggregateAnswer, DataSource } from '../../engine/source/data-source.js';
import { boundingSeed } from '../../engine/source/keyed-order.js';
import { MemorySource } from '../../engine/source/memory-source.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { riskReportResponse } from '../../language/lsp/risk-report-request.js';
import { releaseInput } from '../../language/release-input.js';
import { csvToParquet } from '../helpers/parquet.js';
import { ALL, BOUNDED, drawn, FROM_DATA, releasedValues, rounded, specText } from '../helpers/preview-spec.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

const SEED = 11;
const examples = join(import.meta.dirname, '..', '..', 'examples');

// Issue 26 item 6: the preview panel on a Parquet dataset reads what the release reads — a DP release's exact figures
// as the source's answer to its request, generalize and PRAM from frequency tables — and shows the figures of the same
// spec on the CSV the Parquet file was written from. The rule: the preview is the release minus the noise. In
// `npm run test:slow` (29 s of CPU at load 13, 82 s of wall time); parquet-dataset.test.ts keeps the Parquet spec's
// diagnostics, preview and seeded release in `npm test`.
describe('the preview of a Parquet dataset reads only aggregates, and shows the release minus its noise', function () {
  this.timeout(300000);
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-preview-source-'));
  // A registry of this folder's own: other test files spend on the same example bytes, in other accountings.
  before(() => useTestRegistryFor(dir));
  const csvFile = join(dir, 'patients.csv');
  const parquetFile = join(dir, 'patients.parquet');
  const docs = new Map<string, LangiumDocument>();
  const tableCalls: string[] = [];
  const store = services.data.CsvStore;
  const table = store.table.bind(store);
  // The spy: every whole-table read the language server makes, by path.
  store.table = (path: string, delimiter?: string) => {
    tableCalls.push(path);
    return table(path, delimiter);
  };

  before(async () => {
    copyFileSync(join(examples, 'data', 'patients.csv'), csvFile);
    await csvToParquet(csvFile, parquetFile);
    for (const [name, data] of [
      ['csv', 'patients.csv'],
      ['parquet', 'patients.parquet'],
    ]) {
      const file = join(dir, `${name}.privspec`);
      writeFileSync(file, specText(data));
      const document = await loadSpecText(readFileSync(file, 'utf8'), file, services);
      await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
      docs.set(name, document);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const preview = (spec: string, release: string, options: Parameters<typeof releasePreview>[3] = {}) => {
    const document = docs.get(spec)!;
    return releasePreview(services, document, { uri: document.uri.toString(), release, controls: {} }, options);
  };

  /** The answers a seeded release of `name` on `source` reads: its request, keyed as `--seed S` keys a database's. */
  async function answers(spec: string, name: string, source: DataSource): Promise<Map<string, AggregateAnswer>> {
    const input: RunInput = await releaseInput(services, docs.get(spec)!, name);
    const rng = seededRandom(`bounding:${SEED}`);
    const out = new Map<string, AggregateAnswer>();
    for (const q of aggregatePlan(input, boundingSeed(rng), rng))
      if (q.aggregate) out.set(q.id, await source.aggregate(q.aggregate));
    return out;
  }

  /** A seeded release of one release, on the table or on `aggregates`; its values in file order. */
  async function release(spec: string, name: string, aggregates?: Map<string, AggregateAnswer>, grid?: number) {
    const input = await releaseInput(services, docs.get(spec)!, name);
    const out = join(dir, `out-${spec}-${name}-${aggregates ? 'answers' : 'table'}`);
    const result = await runReleases(input, { out, seed: SEED, dryRun: false, ...(aggregates ? { aggregates } : {}) });
    assert.equal(result.releases[0].status, 'written', result.releases[0].message);
    return releasedValues(join(out, `${name}.csv`), grid);
  }

  it("never reads a Parquet dataset's rows: the store's table() is not called for any kind the panel previews", async () => {
    tableCalls.length = 0;
    for (const name of ALL) {
      const p = await preview('parquet', name, { seed: SEED });
      assert.equal(p.release, name);
    }
    assert.deepEqual(tableCalls, []);
    // The spy sees the CSV path's reads: the same previews on the CSV read its table.
    await preview('csv', 'visits_by_sex', { rng: seededRandom(SEED) });
    assert.deepEqual(tableCalls, [csvFile]);
  });

  it("bounded DP releases: the example draw is the seeded release on the source's answers, and equals the CSV release on the in-memory source with the same bounding key", async () => {
    const duck = await DuckDbSource.open(parquetFile);
    const memory = new MemorySource(await readCsvFile(csvFile));
    for (const name of BOUNDED) {
      const fromParquet = await answers('parquet', name, duck);
      const fromCsv = await answers('csv', name, memory);
      const p = await preview('parquet', name, { seed: SEED });
      const grid = p.body.kind === 'grid' ? p.body.size : undefined;
      assert.deepEqual(
        drawn(p).map(String),
        (await release('parquet', name, fromParquet, grid)).map(String),
        `${name}: preview draw = release on the Parquet answers`,
      );
      assert.deepEqual(
        drawn(p).map(String),
        (await release('csv', name, fromCsv, grid)).map(String),
        `${name}: = release on the CSV's in-memory source`,
      );
    }
    await duck.close();
    // visits_by_sex keeps ≤ 3 rows of each patient (groups 1): the preview says what bounding removes, from the answer
    // to the same request without its bound.
    const bySex = await preview('parquet', 'visits_by_sex', { seed: SEED });
    assert.ok(bySex.body.kind === 'aggregate');
    const all = readFileSync(csvFile, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const sexAt = 4;
    assert.ok(
      bySex.body.cells.some((c) => c.unbounded! > c.truth!),
      'bounding removes rows of patients with more than 3 visits',
    );
    for (const c of bySex.body.cells)
      assert.equal(
        c.unbounded,
        all.filter((r) => r[sexAt] === c.label).length,
        `${c.label}: rows without bounding, counted from the CSV`,
      );
  });

  it("domains and grid bounds taken from the data come from the source's frequency tables: the preview equals the CSV's and the seeded CSV release", async () => {
    for (const name of FROM_DATA) {
      const p = await preview('parquet', name, { seed: SEED });
      const c = await preview('csv', name, { rng: seededRandom(SEED) });
      assert.deepEqual(p.body, c.body, name);
      const grid = p.body.kind === 'grid' ? p.body.size : undefined;
      assert.deepEqual(
        drawn(p).map(String),
        (await release('csv', name, undefined, grid)).map(String),
        `${name}: draw = seeded CSV release`,
      );
    }
    // by_age's true counts, tallied from the CSV's lines by hand: one cell per age the data holds, in numeric order.
    const p = await preview('parquet', 'by_age', { seed: SEED });
    assert.ok(p.body.kind === 'aggregate');
    const ages = readFileSync(csvFile, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[3]);
    const tally = new Map<string, number>();
    for (const a of ages) tally.set(a, (tally.get(a) ?? 0) + 1);
    const expected = [...tally].sort((a, b) => Number(a[0]) - Number(b[0]));
    assert.deepEqual(
      p.body.cells.map((c) => [c.label, c.truth]),
      expected.slice(0, p.body.cells.length),
    );
  });

  it("generalize: the CSV's lattice, optimum, suppressed rows, classes, risk and example records, decided on DuckDB's frequency table", async () => {
    const p = await preview('parquet', 'public', { seed: SEED });
    const c = await preview('csv', 'public', { rng: seededRandom(SEED) });
    assert.deepEqual(rounded(p.body), rounded(c.body));
    assert.ok(p.body.kind === 'generalize');
    // The pinned levels of the anonymity block, and the 23 rows the release suppresses (test/language/preview-example).
    assert.deepEqual(p.body.optimum, [2, 0, 3]);
    assert.equal(p.body.suppressed, 23);
    assert.equal(p.body.before.rows, 21062);
    assert.equal(p.body.after.rows, 21062 - 23);
    assert.equal(p.body.sample.before.length, 12);
  });

  it("PRAM: the counts before over the rows the anonymity block keeps, E[n′] = Pᵀn and its band, from frequency tables; the CSV's figures", async () => {
    const p = await preview('parquet', 'diagnosis_pram', { seed: SEED });
    const c = await preview('csv', 'diagnosis_pram', { rng: seededRandom(SEED) });
    assert.ok(p.body.kind === 'pram' && c.body.kind === 'pram');
    const byLabel = (a: {
      labels: readonly string[];
      before: readonly number[];
      expected: readonly number[];
      band: readonly number[];
    }) =>
      Object.fromEntries(
        a.labels.map((l, i) => [l, [a.before[i], Number(a.expected[i].toFixed(9)), Number(a.band[i].toFixed(9))]]),
      );
    for (const [i, a] of p.body.attributes.entries()) {
      assert.deepEqual(byLabel(a), byLabel(c.body.attributes[i]), a.name);
      assert.equal(a.epsilon, c.body.attributes[i].epsilon);
      // Every kept row is drawn once: the draw has the rows of the counts before.
      assert.equal(
        a.draw.reduce((s, x) => s + x, 0),
        21062 - 23,
      );
      assert.equal(
        a.before.reduce((s, x) => s + x, 0),
        21062 - 23,
      );
    }
    assert.equal(p.body.combinedEpsilon, c.body.combinedEpsilon);
    // The file the release writes has those rows.
    assert.equal((await release('csv', 'diagnosis_pram')).length, 21062 - 23);
  });

  it("the risk report command: the CSV's figures, counted on the Parquet file's frequency table without reading its rows", async () => {
    tableCalls.length = 0;
    const report = (spec: string) =>
      riskReportResponse(services, { uri: docs.get(spec)!.uri.toString(), defaultK: 5, source: 'patients' });
    const p = await report('parquet');
    assert.deepEqual(tableCalls, []);
    const c = await report('csv');
    assert.deepEqual(p, c);
    // The 14 rows of 8 patients in 5 classes below k 3 at the pinned levels (test/language/parquet-dataset.test.ts).
    assert.equal(p.rows, 21062);
  });

  it('a frequency table beyond the work limit is previewed on a labelled uniform sample of its rows', async () => {
    // 3 quasi-identifiers with heights 4, 1, 4: 50 nodes; a limit of 100,000 leaves 2,000 rows.
    const p = await preview('parquet', 'public', { seed: SEED, generalizeWork: 100_000 });
    assert.deepEqual(p.sample, { rows: 2000, of: 21062 });
    assert.ok(p.body.kind === 'generalize' && p.body.before.rows === 2000);
    assert.ok(p.notes.some((n) => n.startsWith('k and ℓ are checked on the sample')));
  });
});
