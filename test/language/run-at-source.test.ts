import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { URI } from 'langium';
import { NodeFileSystem } from 'langium/node';
import { CancellationTokenSource, type Connection } from 'vscode-languageserver';
import type { RunReleaseResult } from '../../engine/release/run-report.js';
import { parseViewFile } from '../../engine/view/view-file.js';
import { registerPrivspecRequests } from '../../language/lsp/privspec-requests.js';
import { createPrivspecServices } from '../../language/privspec-module.js';
import { duckdbOpenCount } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { csvToParquet } from '../helpers/parquet.js';

// Issue 26: ▶ Run on a spec whose dataset is a Parquet file takes the path of `privspec release`: the DP releases,
// the view included, add their noise to DuckDB's aggregates, and the language server never reads the table's rows.

type Handler = (params: unknown, token: unknown) => unknown;

describe('issue 26 — ▶ Run on a Parquet dataset reads only aggregates', function () {
  this.timeout(120000);
  let dir: string;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('writes the count and the view, spends once each, and never calls the data store’s table()', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-run-at-source-'));
    copyFileSync(resolve('examples/data/patients.csv'), join(dir, 'patients.csv'));
    await csvToParquet(join(dir, 'patients.csv'), join(dir, 'patients.parquet'));
    writeFileSync(
      join(dir, 'spec.privspec'),
      `dataset visits from "patients.parquet" {
  identifying name, ssn, visit_date
  quasi age, sex, zip
  sensitive diagnosis
  insensitive occupation, income, x, y
  unit patient_id
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 3 }
release by_sex: count by sex bound unit groups 1 rows 3 laplace epsilon 0.5
release explore: view age within 0..99, sex hdpview epsilon 0.5 bound unit rows 3
`,
    );
    const { shared, Privspec: services } = createPrivspecServices(NodeFileSystem);
    const store = services.data.CsvStore;
    let tableReads = 0;
    const table = store.table.bind(store);
    store.table = (...args: Parameters<typeof store.table>) => {
      tableReads++;
      return table(...args);
    };
    const handlers = new Map<string, Handler>();
    const connection = {
      onRequest: (type: { method: string }, handler: Handler) => handlers.set(type.method, handler),
      sendRequest: () => Promise.resolve(undefined),
      console: { error: () => undefined },
    };
    registerPrivspecRequests(connection as unknown as Connection, services);
    const document = await shared.workspace.LangiumDocuments.getOrCreateDocument(URI.file(join(dir, 'spec.privspec')));
    await shared.workspace.DocumentBuilder.build([document], { validation: true });
    const result = (await handlers.get('privspec/runRelease')!(
      { uri: document.uri.toString(), out: join(dir, 'out') },
      new CancellationTokenSource().token,
    )) as RunReleaseResult;
    assert.deepEqual(
      result.releases.map((r) => [r.name, r.status]),
      [
        ['by_sex', 'written'],
        ['explore', 'written'],
      ],
      JSON.stringify(result.releases),
    );
    assert.deepEqual(result.budget.spent, { epsilon: 1 });
    const view = parseViewFile(readFileSync(join(dir, 'out', 'explore.json'), 'utf8'));
    assert.equal(view.algorithm, 'hdpview');
    assert.equal(tableReads, 0, 'the language server read the table');
  });

  // Issue 35 item 4: ▶ Run enters through runSpec as privspec release does, and its run reads one source.
  it("a generalize release of a Parquet file opens DuckDB once for the run, the spec's checks and the stream included", async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-run-at-source-'));
    writeFileSync(
      join(dir, 'd.csv'),
      `id,age,sex\n${['20,F', '30,F', '20,F', '20,M', '30,M', '30,M', '40,F', '50,F', '40,F', '40,M', '50,M', '60,M'].map((r, i) => `${i + 1},${r}`).join('\n')}\n`,
    );
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    writeFileSync(
      join(dir, 'spec.privspec'),
      `dataset d from "d.parquet" {
  unit id
  quasi age, sex
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 3  suppression 0.1 }
release g: generalize
`,
    );
    const { shared, Privspec: services } = createPrivspecServices(NodeFileSystem);
    const handlers = new Map<string, Handler>();
    const connection = {
      onRequest: (type: { method: string }, handler: Handler) => handlers.set(type.method, handler),
      sendRequest: () => Promise.resolve(undefined),
      console: { error: () => undefined },
    };
    registerPrivspecRequests(connection as unknown as Connection, services);
    const document = await shared.workspace.LangiumDocuments.getOrCreateDocument(URI.file(join(dir, 'spec.privspec')));
    const before = duckdbOpenCount();
    const result = (await handlers.get('privspec/runRelease')!(
      { uri: document.uri.toString(), out: join(dir, 'out') },
      new CancellationTokenSource().token,
    )) as RunReleaseResult;
    assert.deepEqual(
      result.releases.map((r) => [r.name, r.status]),
      [['g', 'written']],
      JSON.stringify(result.releases),
    );
    // By hand: k 3 with suppression 0.1 is met at age 1, sex 0 with nothing suppressed, so all 12 rows are written.
    assert.equal(
      readFileSync(join(dir, 'out', 'g.csv'), 'utf8')
        .trim()
        .split('\n').length,
      13,
    );
    assert.equal(duckdbOpenCount() - before, 1);
  });
});
