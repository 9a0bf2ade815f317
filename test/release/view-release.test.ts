import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../engine/core/random.js';
import { parseViewFile } from '../../engine/view/view-file.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { ledgerFileSync, ledgerOf } from '../helpers/ledger.js';
import { runIn } from '../helpers/run-cli.js';

// Issue 29 items 2–4: a view release runs through the one release path (validate, spend, compute, write), and the
// view it writes answers queries and gives synthetic records without the data and without the ledger.

/** 400 rows: ages 20..59 (ten of each), sexes alternating; unit p1..p200 with two rows each; a name never released. */
function people(): string {
  const lines = ['id,name,age,sex,income'];
  for (let i = 0; i < 400; i++)
    lines.push(`p${(i >> 1) + 1},N${i},${20 + (i % 40)},${i % 2 === 0 ? 'F' : 'M'},${1000 + i}`);
  return `${lines.join('\n')}\n`;
}

const SPEC = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
  insensitive income
  unit id
}
hierarchy sex { "F", "M", "X" -> "*" }
budget { epsilon 3 }
release v: view age within 0..99, sex  hdpview epsilon 1  bound unit rows 2
release t: view age within 0..99, sex  bound unit rows 2  privtree epsilon 0.5
`;

describe('issue 29 — the view release, query and synthesize', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-view-'));
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'people.csv'), people());
    writeFileSync(join(dir, 'spec.privspec'), SPEC);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the view (JSON report with the view) and its blocks (CSV), and records the ε written on the ledger', async () => {
    const r = await runIn(dir, ['release', 'spec.privspec', '--out', 'out', '--json']);
    assert.equal(r.code, 0, r.err + r.out);
    const view = parseViewFile(readFileSync(join(dir, 'out', 'v.json'), 'utf8'));
    assert.equal(view.algorithm, 'hdpview');
    assert.deepEqual(view.dimensions, [
      { kind: 'range', name: 'age', lo: 0, hi: 99 },
      { kind: 'categorical', name: 'sex', values: ['F', 'M', 'X'] },
    ]);
    assert.deepEqual(view.cost, { kind: 'pure', epsilon: 1 });
    // The CSV lists every block of the JSON, by value: first and last age and sex, and the noisy count.
    const csv = readFileSync(join(dir, 'out', 'v.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(csv[0], 'age_from,age_to,sex_from,sex_to,count');
    assert.equal(csv.length - 1, view.blocks.length);
    const first = view.blocks[0];
    assert.equal(
      csv[1],
      [first.lo[0], first.hi[0], ['F', 'M', 'X'][first.lo[1]], ['F', 'M', 'X'][first.hi[1]], first.count].join(','),
    );
    // Identifying columns and the unit never leave: neither the CSV nor the report names them.
    for (const f of ['v.csv', 'v.json'])
      assert.doesNotMatch(readFileSync(join(dir, 'out', f), 'utf8'), /\bN17\b|\bp17\b|income/);
    // The ledger records ε 1 and ε 0.5, the costs written (bounded to 2 rows per unit, built at ε/2 per row).
    const entries = ledgerOf(join(dir, 'data', 'people.csv'))!.entries;
    assert.deepEqual(
      entries.map((e) => [e.release, e.costs.pure]),
      [
        ['v', { kind: 'pure', epsilon: 1 }],
        ['t', { kind: 'pure', epsilon: 0.5 }],
      ],
    );
    assert.equal(view.parameters.maxRowsPerUnit, 2);
  });

  it('query and synthesize read the view alone: the data moved away, the ledger’s bytes unchanged', async () => {
    assert.equal((await runIn(dir, ['release', 'spec.privspec', '--out', 'out', '--only', 'v'])).code, 0);
    const ledger = ledgerFileSync(join(dir, 'data', 'people.csv'));
    const before = readFileSync(ledger);
    renameSync(join(dir, 'data', 'people.csv'), join(dir, 'moved.csv'));
    const view = parseViewFile(readFileSync(join(dir, 'out', 'v.json'), 'utf8'));
    // The whole domain's answer is the sum of the blocks' counts (each block wholly inside, fraction 1).
    const all = await runIn(dir, ['query', 'out/v.json', 'count', '--json']);
    assert.equal(all.code, 0, all.err);
    const sum = view.blocks.reduce((a, b) => a + b.count, 0);
    assert.ok(Math.abs(JSON.parse(all.out).estimate - sum) < 1e-9 * Math.max(1, Math.abs(sum)));
    assert.equal(JSON.parse(all.out).privacySpent, null);
    writeFileSync(join(dir, 'w.txt'), 'count where age in 20..29\n# women\ncount where sex = "F" and age in 30..59\n');
    const table = await runIn(dir, ['query', 'out/v.json', '--workload', 'w.txt', '--json']);
    assert.equal(table.code, 0, table.err);
    assert.deepEqual(
      JSON.parse(table.out).answers.map((a: { query: string }) => a.query),
      ['count where age in 20..29', 'count where sex = "F" and age in 30..59'],
    );
    const synth = await runIn(dir, ['synthesize', 'out/v.json', '--rows', '50', '--out', 'synth.csv', '--seed', '7']);
    assert.equal(synth.code, 0, synth.err);
    const rows = readFileSync(join(dir, 'synth.csv'), 'utf8').trim().split('\n');
    assert.equal(rows[0], 'age,sex');
    assert.equal(rows.length, 51);
    assert.ok(
      rows.slice(1).every((r) => /^\d+,(F|M|X)$/.test(r) && Number(r.split(',')[0]) <= 99),
      rows.join('|'),
    );
    assert.deepEqual(readFileSync(ledger), before);
  });

  it('clear errors: a malformed or wrong-version view, a bad query (with the line and column of a workload), an output over the view', async () => {
    writeFileSync(join(dir, 'bad.json'), '{"version": 1, "blocks": [');
    const bad = await runIn(dir, ['query', 'bad.json', 'count']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /^privspec query: bad\.json: not JSON/);
    assert.equal(bad.err.trim().split('\n').length, 1);
    assert.equal((await runIn(dir, ['release', 'spec.privspec', '--out', 'out', '--only', 'v'])).code, 0);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'v.json'), 'utf8'));
    writeFileSync(join(dir, 'v2.json'), JSON.stringify({ ...report, view: { ...report.view, version: 2 } }));
    assert.match((await runIn(dir, ['query', 'v2.json', 'count'])).err, /v2\.json: view version 2 is not supported/);
    writeFileSync(join(dir, 'w.txt'), 'count\n\ncount where age in 1..5 and zip = 3\n');
    const w = await runIn(dir, ['query', 'out/v.json', '--workload', 'w.txt']);
    assert.equal(w.code, 2);
    assert.match(w.err, /w\.txt:3:29: 'zip' is not a dimension of the view \(dimensions: age, sex\)/);
    assert.match(
      (await runIn(dir, ['query', 'out/v.json', 'count where sex = "Q"'])).err,
      /the query, column 19: "Q" is not a value of 'sex' \(values: F, M, X\)/,
    );
    const over = await runIn(dir, ['synthesize', 'out/v.json', '--rows', '5', '--out', 'out/v.json', '--force']);
    assert.equal(over.code, 2);
    assert.match(over.err, /would replace the input/);
    assert.ok(parseViewFile(readFileSync(join(dir, 'out', 'v.json'), 'utf8')));
  });

  it('no exact data-dependent figure in the report: on a neighbour (unit p1 removed) every field but the noisy blocks is the same', async () => {
    const fields = async (csv: string, seed: number) => {
      writeFileSync(join(dir, 'data', 'people.csv'), csv);
      const out = `out-${seed}`;
      const run = await runIn(dir, [
        'release',
        'spec.privspec',
        '--out',
        out,
        '--only',
        'v',
        '--seed',
        String(seed),
        '--not-private',
      ]);
      assert.equal(run.code, 0, run.err + run.out);
      const {
        view,
        blocks: _blocks,
        createdAt: _at,
        ledger: _l,
        ledgerEntry: _e,
        notPrivate: _seed,
        ...rest
      } = JSON.parse(readFileSync(join(dir, out, 'v.json'), 'utf8'));
      const { blocks, ...viewRest } = view;
      return { rest: { ...rest, view: viewRest }, blocks: JSON.stringify(blocks) };
    };
    const table = people();
    const neighbour = table
      .split('\n')
      .filter((l) => !l.startsWith('p1,'))
      .join('\n');
    const a = await fields(table, 1);
    const b = await fields(neighbour, 2);
    assert.deepEqual(a.rest, b.rest);
    // The test has teeth: the blocks are noisy, so two runs on one table differ.
    assert.notEqual(a.blocks, (await fields(table, 3)).blocks);
  });

  it('one computation: the preview with the release’s seed draws the view the release writes; its example answers are privspec query’s', async () => {
    const services = nodeServices();
    const document = await loadSpec(join(dir, 'spec.privspec'), services);
    const preview = await releasePreview(
      services,
      document,
      { uri: document.uri.toString(), release: 'v', controls: {} },
      { rng: seededRandom(11) },
    );
    const run = await runIn(dir, [
      'release',
      'spec.privspec',
      '--out',
      'out',
      '--only',
      'v',
      '--seed',
      '11',
      '--not-private',
    ]);
    assert.equal(run.code, 0, run.err);
    const body = preview.body;
    assert.equal(body.kind, 'view');
    if (body.kind !== 'view') return;
    const view = parseViewFile(readFileSync(join(dir, 'out', 'v.json'), 'utf8'));
    assert.equal(body.blocks, view.blocks.length);
    // 400 rows, every unit's two rows kept (rows 2), all inside 0..99 × {F, M, X}.
    assert.equal(body.rows, 400);
    assert.ok(body.examples.length > 0);
    for (const e of body.examples) {
      const answer = JSON.parse((await runIn(dir, ['query', 'out/v.json', e.query, '--json'])).out);
      assert.equal(answer.estimate, e.answer, e.query);
      assert.equal(answer.noiseStdDev, e.noiseStdDev, e.query);
    }
    assert.deepEqual(
      body.arr.map((a) => a.algorithm),
      ['hdpview', 'privtree', 'identity'],
    );
    assert.equal(body.arr[0].relative, 1);
    // Read from a seeded run's view, an answer and a synthetic file are NOT PRIVATE too, on their first line.
    assert.match(
      (await runIn(dir, ['query', 'out/v.json', 'count'])).out.split('\n')[0],
      /^NOT PRIVATE \(seeded\): seed 11/,
    );
    assert.equal((await runIn(dir, ['synthesize', 'out/v.json', '--rows', '3', '--out', 's.csv'])).code, 0);
    assert.deepEqual(readFileSync(join(dir, 's.csv'), 'utf8').split('\n').slice(0, 2), [
      '# NOT PRIVATE (seeded)',
      'age,sex',
    ]);
    // A newer preview cancels this one: the request stops with an AbortError (the server answers RequestCancelled).
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(
      releasePreview(
        services,
        document,
        { uri: document.uri.toString(), release: 'v', controls: {} },
        { signal: abort.signal },
      ),
      { name: 'AbortError' },
    );
    services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
  });

  it('privspec preview --json: the exact figures and the estimate, without the example draw; nothing spent, nothing written', async () => {
    const r = await runIn(dir, ['preview', 'spec.privspec', '--only', 't', '--json']);
    assert.equal(r.code, 0, r.err);
    const p = JSON.parse(r.out);
    assert.equal(p.kind, 'view');
    assert.equal(p.algorithm, 'privtree');
    assert.equal(p.rows, 400);
    assert.deepEqual(
      p.arr.map((a: { algorithm: string }) => a.algorithm),
      ['hdpview', 'privtree', 'identity'],
    );
    // Example truths only: the draw's answers and its partition stay in the panel (noise nothing paid for).
    assert.ok(p.examples.length > 0 && p.examples.every((e: object) => Object.keys(e).sort().join() === 'query,truth'));
    assert.equal(p.projections, undefined);
    assert.equal(ledgerOf(join(dir, 'data', 'people.csv')), undefined);
  });
});
