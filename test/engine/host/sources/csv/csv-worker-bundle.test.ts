import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

// The extension runs readCsvFile from a CommonJS bundle in dist/ and the CLI from ES module chunks there, with the
// worker bundled beside them as csv-worker.cjs. This builds both kinds the way scripts/build.mjs does, into a temporary
// folder, and runs them.
describe('readCsvFile from a bundle', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-bundle-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('starts dist/csv-worker.cjs next to the bundle and gives the same table as one thread', async () => {
    const common = {
      bundle: true,
      platform: 'node' as const,
      format: 'cjs' as const,
      target: 'node20',
      logLevel: 'silent' as const,
      define: { 'import.meta.url': '__importMetaUrl' },
      inject: [resolve('scripts/import-meta-url.js')],
    };
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { readCsvFile } from ${JSON.stringify(resolve('engine/host/sources/csv/read-csv-file.ts'))};
       const path = process.argv[2];
       Promise.all([readCsvFile(path, { workers: 1 }), readCsvFile(path, { workers: 2 })]).then(([a, b]) => {
         const dump = (t) => JSON.stringify([t.columns.map((c) => [c.name, c.dictionary, Array.from(c.codes)]), Array.from(t.rowLines)]);
         console.log(JSON.stringify({ rows: b.rowCount, same: dump(a) === dump(b) }));
       }, (e) => { console.log(JSON.stringify({ error: e.message, line: e.line })); });`,
    );
    await build({ ...common, entryPoints: [entry], outfile: join(dir, 'dist', 'cli.cjs') });
    await build({
      ...common,
      entryPoints: [resolve('engine/host/sources/csv/csv-worker.ts')],
      outfile: join(dir, 'dist', 'csv-worker.cjs'),
    });
    const csv = join(dir, 'data.csv');
    writeFileSync(csv, 'a;b\n' + Array.from({ length: 20000 }, (_, r) => `${r % 13};"x\n${r % 5}"`).join('\n') + '\n');
    const out = JSON.parse(execFileSync(process.execPath, [join(dir, 'dist', 'cli.cjs'), csv], { encoding: 'utf8' }));
    assert.deepEqual(out, { rows: 20000, same: true });
    // A bundle copied without its worker still reads files, on one thread.
    renameSync(join(dir, 'dist', 'csv-worker.cjs'), join(dir, 'csv-worker.cjs'));
    assert.deepEqual(
      JSON.parse(execFileSync(process.execPath, [join(dir, 'dist', 'cli.cjs'), csv], { encoding: 'utf8' })),
      { rows: 20000, same: true },
    );
    renameSync(join(dir, 'csv-worker.cjs'), join(dir, 'dist', 'csv-worker.cjs'));
    writeFileSync(
      csv,
      'a;b\n' + Array.from({ length: 20000 }, (_, r) => (r === 15000 ? '1' : `${r};x`)).join('\n') + '\n',
    );
    const failed = JSON.parse(
      execFileSync(process.execPath, [join(dir, 'dist', 'cli.cjs'), csv], { encoding: 'utf8' }),
    );
    assert.deepEqual(failed, { error: 'ragged row: expected 2 fields, found 1', line: 15002 });
  });
  it("starts it from the command line's ES module chunks too, for tables and frequency tables", async () => {
    // The command line is built as ES module chunks (scripts/build.mjs: format esm, splitting), where import.meta.url
    // is the chunk's own; the worker must still be found beside it, in dist/.
    const entry = join(dir, 'entry-esm.ts');
    writeFileSync(
      entry,
      `import { readCsvFile } from ${JSON.stringify(resolve('engine/host/sources/csv/read-csv-file.ts'))};
       import { readFrequencyTable } from ${JSON.stringify(resolve('engine/host/sources/csv/read-frequency-table.ts'))};
       import { csvWorkerEntry } from ${JSON.stringify(resolve('engine/host/sources/csv/csv-worker-pool.ts'))};
       const path = process.argv[2];
       const [a, b, f1, f2] = await Promise.all([readCsvFile(path, { workers: 1 }), readCsvFile(path, { workers: 2 }),
         readFrequencyTable(path, ['a'], { workers: 1 }), readFrequencyTable(path, ['a'], { workers: 2 })]);
       const dump = (t) => JSON.stringify([t.columns.map((c) => [c.name, c.dictionary, Array.from(c.codes)]), Array.from(t.rowLines)]);
       const freq = (f) => JSON.stringify([f.columns, f.codes.map((c) => Array.from(c)), Array.from(f.weights), f.rowCount]);
       console.log(JSON.stringify({ worker: csvWorkerEntry(), rows: b.rowCount, same: dump(a) === dump(b), sameFrequencies: freq(f1) === freq(f2), records: f2.count }));`,
    );
    await build({
      bundle: true,
      platform: 'node',
      format: 'esm',
      splitting: true,
      target: 'node20',
      logLevel: 'silent',
      entryPoints: [entry],
      outdir: join(dir, 'esm'),
      entryNames: 'cli-main',
      chunkNames: 'cli-[hash]',
      outExtension: { '.js': '.mjs' },
    });
    await build({
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'silent',
      entryPoints: [resolve('engine/host/sources/csv/csv-worker.ts')],
      outfile: join(dir, 'esm', 'csv-worker.cjs'),
    });
    const csv = join(dir, 'data-esm.csv');
    writeFileSync(csv, 'a;b\n' + Array.from({ length: 20000 }, (_, r) => `${r % 13};"x\n${r % 5}"`).join('\n') + '\n');
    const out = JSON.parse(
      execFileSync(process.execPath, [join(dir, 'esm', 'cli-main.mjs'), csv], { encoding: 'utf8' }),
    );
    assert.deepEqual(out, {
      worker: { file: join(dir, 'esm', 'csv-worker.cjs') },
      rows: 20000,
      same: true,
      sameFrequencies: true,
      records: 13,
    });
  });
});
