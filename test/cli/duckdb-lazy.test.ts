import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { skipOrFail } from '../helpers/adult.js';

// Issue 26 item 2: DuckDB is a runtime dependency loaded on first use. The bundles never include it (its native
// library cannot be bundled, and a command that meets no Parquet file must not pay for loading it): every mention of
// the package in dist/ is the one load in loadDuckDb() (engine/host/sources/duckdb/duckdb-source.ts), or its error
// message.
// The load is a require() made when a source first opens (issue 38: `import()` spent about 0.5 s of CPU lexing the
// package's ES modules), through createRequire of the bundle's own URL (`__importMetaUrl` in the CommonJS bundles).
describe('DuckDB is loaded on first use, never bundled', () => {
  before(function () {
    // npm test builds first, so in CI a missing build fails.
    if (!existsSync(join('dist', 'cli-main.js'))) skipOrFail(this, 'dist/cli-main.js not built: run npm run build');
  });

  it('every bundle reaches @duckdb/node-api only by the load made on first use', () => {
    const bundles = readdirSync('dist').filter((f) => /\.(c?js)$/.test(f));
    let dynamic = 0;
    for (const f of bundles) {
      const text = readFileSync(join('dist', f), 'utf8');
      // DuckDB's own code (its bindings loader) would name its native package.
      assert.equal(text.includes('node-bindings'), false, `${f} bundles DuckDB`);
      for (const line of text.split('\n').filter((l) => l.includes('@duckdb/node-api'))) {
        const load = /createRequire\)?\((?:import\.meta\.url|__importMetaUrl)\)\("@duckdb\/node-api"\)/;
        assert.match(line, new RegExp(`${load.source}|npm install @duckdb/node-api`), `${f}: ${line.trim()}`);
        if (load.test(line)) dynamic++;
      }
    }
    // The command line's chunk and the language server each hold the one load.
    assert.equal(dynamic, 2);
  });

  it('the extension and the CSV workers do not reach it at all', () => {
    for (const f of ['extension.cjs', 'csv-worker.cjs', 'csv-diagnostics-worker.cjs', 'webview.js']) {
      assert.equal(readFileSync(join('dist', f), 'utf8').includes('@duckdb'), false, f);
    }
  });
});
