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
    writeFileSync(join(dir, 'spec.privspec'), `dataset visits from "patients.parquet" {
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
`);
    const { shared, Privspec: services } = createPrivspecServices(NodeFileSystem);
    const store = services.data.CsvStore;
    let tableReads = 0;
    const table = store.table.bind(store);
    store.table = (...args: Parameters<typeof store.table>) => {
      tableReads++;
      return table(...args);
    };
    const handlers = new Map<string, Handler>();
    const connection = { onRequest: (type: { method: string }, handler: Handler) => handlers.set(type.method, handler), sendRequest: () => Promise.resolve(undefined), console: { error: () => undefined } };
    registerPrivspecRequests(connection as unknown as Connection, services);
    const document = await shared.workspace.LangiumDocuments.getOrCreateDocument(URI.file(join(dir, 'spec.privspec')));
    await shared.workspace.DocumentBuilder.build([document], { validation: true });
    const result = (await handlers.get('privspec/runRelease')!({ uri: document.uri.toString(), out: join(dir, 'out') }, new CancellationTokenSource().token)) as RunReleaseResult;
    assert.deepEqual(result.releases.map((r) => [r.name, r.status]), [['by_sex', 'written'], ['explore', 'written']], JSON.stringify(result.releases));
    assert.deepEqual(result.budget.spent, { epsilon: 1 });
    const view = parseViewFile(readFileSync(join(dir, 'out', 'explore.json'), 'utf8'));
    assert.equal(view.algorithm, 'hdpview');
    assert.equal(tableReads, 0, 'the language server read the table');
  });
});
