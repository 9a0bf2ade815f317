import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  conditionalLeakage,
  gaussianLeakage,
  graphFromEdgeTable,
  precisionMatrix,
} from '../../engine/dp/correlated/index.js';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { runCli } from '../helpers/run-cli-isolated.js';

// Issue 14 item 3 — a dataset that declares `correlation from "edges.csv" prior τ` has its sums and counts calibrated
// to ε-Bayesian DP: the Laplace scale is (M/ε)(1 + max ℓ) (Yang, Sato, Nakagawa, SIGMOD 2015, eq. 26).
const fixture = 'test/fixtures/correlated-spec';

async function run(cwd: string, args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

describe('issue 14 — correlated units in a spec', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-correlated-'));
    cpSync(fixture, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a sum over correlated households gets Laplace scale (M/ε)(1 + max ℓ), and ε is spent as BDP ε', async () => {
    const r = await run(dir, ['release', 'correlated.privspec', '--out', 'out', '--only', 'total', '--json']);
    assert.equal(r.code, 0, r.err + r.out);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'total.json'), 'utf8'));
    const { graph } = graphFromEdgeTable(
      parseCsv(readFileSync(join(dir, 'data', 'edges.csv'), 'utf8'), { delimiter: ',' }),
    );
    const max = gaussianLeakage(graph, 0.1).max;
    // max ℓ also read off the conditional Gaussian directly, for each unit (the independent computation of the issue).
    const direct = Math.max(
      ...Array.from({ length: graph.n }, (_, i) => conditionalLeakage(precisionMatrix(graph, 0.1), graph.n, i)),
    );
    assert.ok(Math.abs(direct - max) < 1e-9 * (1 + max));
    // M = 50 (clamp 0..50, one row per unit), ε = 0.5.
    assert.ok(Math.abs(report.parameters.scale / ((50 / 0.5) * (1 + max)) - 1) < 1e-9, String(report.parameters.scale));
    assert.deepEqual(report.privacySpent, { accounting: 'pure', epsilon: 0.5 });
    assert.match(report.notes.join('\n'), /Bayesian DP for correlated units/);
    // The most exposed unit is an identifier from the edge list: the data owner's terminal gets it, the release does
    // not.
    assert.doesNotMatch(JSON.stringify(report), /h2a/);
    assert.match(JSON.parse(r.out).releases[0].local.join('\n'), /most exposed unit of the correlation model: 'h2a'/);
  });

  it('a mode or a grid over correlated units is an error: only sums and counts are calibrated', async () => {
    const spec = join(dir, 'correlated.privspec');
    writeFileSync(
      spec,
      `${readFileSync(spec, 'utf8')}release top: mode amount  exponential epsilon 0.1  accept data-dependent-domain  accept unbounded-contribution\n`,
    );
    const r = await run(dir, ['check', 'correlated.privspec', '--format', 'json']);
    assert.equal(r.code, 1);
    assert.ok(
      JSON.parse(r.out).diagnostics.some((d: { message: string }) => /a mode has no such calibration/.test(d.message)),
    );
  });

  it('Gaussian noise on a correlated dataset is an error: the calibration is for Laplace', async () => {
    const spec = join(dir, 'correlated.privspec');
    writeFileSync(
      spec,
      readFileSync(spec, 'utf8')
        .replace('budget { epsilon 1 }', 'budget { rho 1 }')
        .replace('count  bound unit rows 1  laplace epsilon 0.5', 'count  bound unit rows 1  gaussian rho 0.1'),
    );
    const r = await run(dir, ['check', 'correlated.privspec', '--format', 'json']);
    assert.equal(r.code, 1);
    assert.ok(
      JSON.parse(r.out).diagnostics.some((d: { message: string }) => /Bayesian DP with Laplace noise/.test(d.message)),
    );
  });
});

describe('issue 14 — a missing correlation edge list', () => {
  it('is a missing-file error in check, at the correlation clause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-correlated-missing-'));
    try {
      cpSync(fixture, dir, { recursive: true });
      rmSync(join(dir, 'data', 'edges.csv'));
      let out = '';
      const code = await runCli(['check', 'correlated.privspec', '--format', 'json'], {
        out: (t) => (out += t),
        err: () => {},
        cwd: dir,
      });
      assert.equal(code, 1);
      const d = JSON.parse(out).diagnostics.find((x: { code: string }) => x.code === 'missing-file');
      assert.match(d.message, /edges\.csv \(the correlation edge list\)/);
      assert.equal(d.line, 5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
