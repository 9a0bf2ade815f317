import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../engine/core/random.js';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { planFor, releaseDomains } from '../../engine/release/plan-for.js';
import type { RunInput } from '../../engine/release/run-input.js';
import { runReleasesAtSource, sourceAnswers } from '../../engine/host/run/source-release.js';
import { viewPreview } from '../../engine/preview/view-preview.js';
import type { ViewBody } from '../../engine/preview/preview-types.js';
import type { ViewExact } from '../../engine/release/kinds/view/view-release.js';
import { viewPoints } from '../../engine/release/view-dimensions.js';
import { contentColumns, keyedBoundRows } from '../../engine/source/bounded-rows.js';
import { boundingSeed } from '../../engine/source/keyed-order.js';
import { exactOfRelease, releaseRequestId } from '../../engine/release/release-aggregates.js';
import type { Table } from '../../engine/table/table.js';
import { parseViewFile } from '../../engine/view/view-file.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { adultDirOrSkip } from '../helpers/adult.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';
import { releasePreview } from '../../language/lsp/preview-request.js';

// Issue 26: the preview of a view on data read where it lies comes from the source's answer — the weighted points the
// release builds from — so the table is never read; with seededRandom(S) its example draw is the view the at-source
// release writes with --seed S, and its densities, true answers and error comparison are those computed from the rows.
const EMPTY: Table = { columns: [], rowCount: 0, source: 'none' };

function spec(data: string): string {
  return `dataset adult from "${data}"${data.endsWith('.csv') ? ' delimiter ";"' : ''} {
  quasi sex, age, race
  sensitive education
  insensitive "marital-status", "native-country", workclass, "salary-class"
  unit occupation
}
hierarchy sex { "Male", "Female" -> "*" }
hierarchy race from "adult_hierarchy_race.csv"
budget { epsilon 20 }
release v: view age within 20..60, sex, race hdpview epsilon 1 bound unit rows 500
release u: view age within 20..60, sex, race privtree epsilon 1 accept unbounded-contribution
`;
}

async function inputOf(file: string): Promise<RunInput> {
  const services = nodeServices();
  return releaseInput(services, await loadSpec(file, services));
}

/**
 * The preview as the panel computes it for a seed: one generator for the plan and the preview, runs fixed (no time
 * box).
 */
async function previewFromAnswer(input: RunInput, name: string, seed: number): Promise<ViewBody> {
  const release = input.releases.find((r) => r.name === name)!;
  const answers = await sourceAnswers({ ...input, releases: [release] }, seed);
  const exact = exactOfRelease(
    release,
    releaseDomains(input, release, EMPTY),
    answers.get(releaseRequestId(name))!,
  ) as ViewExact;
  const rng = seededRandom(seed);
  return viewPreview(EMPTY, planFor(input, release, EMPTY, rng), { rng, exact, runs: 2, timeBoxMs: 1e9 });
}

const withoutTimes = (b: ViewBody) => ({ ...b, arr: b.arr.map(({ ms: _, ...a }) => a) });

describe('issue 26 — the preview of a view on data read at its source', function () {
  this.timeout(180000);
  let dir: string;
  before(async function () {
    const d = adultDirOrSkip(this);
    dir = mkdtempSync(join(tmpdir(), 'privspec-view-preview-'));
    for (const f of ['adult.csv', 'adult_hierarchy_race.csv']) copyFileSync(join(d, f), join(dir, f));
    await csvToParquet(join(dir, 'adult.csv'), join(dir, 'adult.parquet'), { delimiter: ';' });
    writeFileSync(join(dir, 'p.privspec'), spec('adult.parquet'));
    writeFileSync(join(dir, 'c.privspec'), spec('adult.csv'));
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('bounded: the example draw is the view the at-source release writes with the same seed, and the rows are the keyed order’s', async () => {
    const input = await inputOf(join(dir, 'p.privspec'));
    const body = await previewFromAnswer(input, 'v', 5);
    const run = await runReleasesAtSource(
      {
        ...input,
        releases: input.releases.filter((r) => r.name === 'v'),
        readTable: () => Promise.reject(new Error('the table was read')),
      },
      { out: join(dir, 'o'), dryRun: false, seed: 5 },
    );
    assert.equal(run.releases[0].status, 'written', run.releases[0].message);
    const view = parseViewFile(readFileSync(join(dir, 'o', 'v.json'), 'utf8'));
    assert.equal(body.blocks, view.blocks.length);
    for (const e of body.examples) {
      const answer = JSON.parse((await runIn(dir, ['query', 'o/v.json', e.query, '--json'])).out);
      assert.equal(answer.estimate, e.answer, e.query);
    }
    // The rows the view is built from, counted independently: Adult's rows kept by the keyed order with the run's key
    // (drawn first from the seed's bounding generator), then those inside the domain.
    const table = await readCsvFile(join(dir, 'adult.csv'));
    const bound = {
      unit: 'occupation',
      partitionBy: [],
      maxPartitions: 1,
      maxRowsPerPartition: 500,
      seed: boundingSeed(seededRandom('bounding:5')),
    };
    const kept = keyedBoundRows(
      table,
      Int32Array.from({ length: table.rowCount }, (_, i) => i),
      bound,
      contentColumns(['age', 'sex', 'race'], [], undefined),
    );
    assert.ok(kept.length < table.rowCount, 'bounding dropped nothing');
    const dims = view.dimensions;
    assert.equal(body.rows, viewPoints(table, dims, kept).points[0].length);
  });

  it('the panel itself (releasePreview) previews the view from the answer: no row is read, and its draw is the one above', async () => {
    const services = nodeServices();
    const store = services.data.CsvStore;
    const calls: string[] = [];
    const table = store.table.bind(store);
    store.table = (path, delimiter) => {
      calls.push(path);
      return table(path, delimiter);
    };
    const document = await loadSpec(join(dir, 'p.privspec'), services);
    const p = await releasePreview(
      services,
      document,
      { uri: document.uri.toString(), release: 'v', controls: {} },
      { seed: 5 },
    );
    assert.deepEqual(calls, [], 'the data store read the Parquet table');
    assert.ok(p.body.kind === 'view');
    const expected = await previewFromAnswer(await inputOf(join(dir, 'p.privspec')), 'v', 5);
    assert.equal(p.body.rows, expected.rows);
    assert.equal(p.body.blocks, expected.blocks);
    assert.deepEqual(p.body.examples, expected.examples);
    assert.deepEqual(p.body.projections, expected.projections);
  });

  it('unbounded: every figure — densities, true answers, example draw, error comparison — is the one the rows give', async () => {
    const fromAnswer = await previewFromAnswer(await inputOf(join(dir, 'p.privspec')), 'u', 8);
    const input = await inputOf(join(dir, 'c.privspec'));
    const release = input.releases.find((r) => r.name === 'u')!;
    const table = await readCsvFile(join(dir, 'adult.csv'), { delimiter: ';' });
    const rng = seededRandom(8);
    const fromRows = await viewPreview(table, planFor(input, release, table, rng), { rng, runs: 2, timeBoxMs: 1e9 });
    assert.deepEqual(withoutTimes(fromAnswer), withoutTimes(fromRows));
    // Adult rows with age in 20..60 (every sex and race is listed): more points than the answer's groups.
    assert.ok(fromAnswer.rows > 20000 && fromAnswer.rows < 30162, String(fromAnswer.rows));
  });
});
