import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { ledgerFileSync, ledgerOfLogText } from '../helpers/ledger.js';

// Issue 39: the example examples/r2t (customers, orders, friendships) released end to end by `privspec release`.
const EXAMPLE = resolve('examples/r2t');

describe('privspec release: R2T over a join and over an edge list (examples/r2t, issue 39)', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-r2t-cli-'));
    dirs.push(dir);
    cpSync(EXAMPLE, dir, { recursive: true });
    return dir;
  };

  it("writes each release's noisy value, names mechanism r2t with its thresholds and ε per candidate, and records the spend in the unit's ledger first", async () => {
    const dir = copy();
    const r = await runIn(dir, ['release', 'orders.privspec', '--out', 'out', '--json']);
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(r.out) as { releases: { name: string; status: string; ledgerEntry: string }[] };
    assert.deepEqual(
      report.releases.map((x) => [x.name, x.status]),
      [
        ['n_orders', 'written'],
        ['revenue', 'written'],
        ['edges', 'written'],
        ['triangles', 'written'],
      ],
    );
    const csv = readFileSync(join(dir, 'out', 'n_orders.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(csv[0], 'region,count');
    assert.deepEqual(
      csv.slice(1).map((l) => l.split(',')[0]),
      ['north', 'south', 'east', 'west'],
    );
    for (const l of csv.slice(1)) assert.match(l.split(',')[1], /^-?\d+$/);
    const json = JSON.parse(readFileSync(join(dir, 'out', 'n_orders.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(json.mechanism, 'r2t');
    // GS = 65536 = 2^16: τ = 2, 4, …, 65536, each candidate at ε/16.
    assert.deepEqual(
      json.thresholds,
      Array.from({ length: 16 }, (_, j) => 2 ** (j + 1)),
    );
    assert.equal(json.epsilonPerCandidate, 1 / 16);
    assert.deepEqual(json.privacySpent, { accounting: 'pure', epsilon: 1 });
    // Nothing exact leaves: no truncated answer, no candidate's noisy value, no per-unit figure.
    const text = readFileSync(join(dir, 'out', 'n_orders.json'), 'utf8');
    assert.doesNotMatch(text, /"answer"|"noisy"|"shifted"|"candidates"\s*:\s*\[/);
    // The spend is in the ledger of customers.csv, the table that carries the unit; the other tables have none.
    const ledger = ledgerOfLogText(readFileSync(ledgerFileSync(join(dir, 'customers.csv')), 'utf8'));
    assert.deepEqual(
      ledger.entries.map((e) => e.release),
      ['n_orders', 'revenue', 'edges', 'triangles'],
    );
    // Each file cites the ledger entry recorded before it was written.
    assert.equal(json.ledgerEntry, ledger.entries[0].id);
    // The other tables each release reads are charged too (issue 39's review, "one person, two ledgers": a spec naming
    // only the orders or only the edge list spent the same people again under a fresh ledger).
    const of = (data: string) =>
      ledgerOfLogText(readFileSync(ledgerFileSync(join(dir, data)), 'utf8')).entries.map((e) => e.release);
    assert.deepEqual(of('orders.csv'), ['n_orders', 'revenue']);
    assert.deepEqual(of('friendships.csv'), ['edges', 'triangles']);
  });

  it('count pairs on a graph with an odd cycle: the edge LP is half-integral (17.5 here), and the release is written, not refused after the spend with the answer in the message', async () => {
    const dir = copy();
    // A review's graph: the 5-cycle 1…5, each node with three pendant leaves (20 edges). Derived by hand: at τ = 4 each
    // cycle node keeps one unit after its three leaves, and the odd cycle's five edges carry half a unit each:
    // Q(4) = 15 + 5/2 = 17.5.
    const edges = [1, 2, 3, 4, 5].flatMap((v) => [[v, (v % 5) + 1], ...[1, 2, 3].map((j) => [v, 10 * v + j])]);
    writeFileSync(join(dir, 'cycle.csv'), `a,b\n${edges.map((e) => e.join(',')).join('\n')}\n`);
    writeFileSync(
      join(dir, 'cycle.privspec'),
      'dataset cycle from "cycle.csv" { insensitive a, b }\nbudget { epsilon 1 }\nrelease c: count pairs from cycle (a, b)  bound unit auto up to 16  laplace epsilon 1\n',
    );
    const r = await runIn(dir, ['release', 'cycle.privspec', '--out', 'out']);
    assert.equal(r.code, 0, r.err + r.out);
    assert.doesNotMatch(r.err + r.out, /17\.5/);
    const csv = readFileSync(join(dir, 'out', 'c.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(csv[0], 'pairs');
    assert.match(csv[1], /^-?\d+$/);
  });

  it('a second run over the spent budget is refused and writes nothing', async () => {
    const dir = copy();
    assert.equal((await runIn(dir, ['release', 'orders.privspec', '--out', 'out'])).code, 0);
    const again = await runIn(dir, ['release', 'orders.privspec', '--out', 'out2', '--only', 'n_orders']);
    assert.equal(again.code, 1, again.out);
    assert.match(again.out + again.err, /ε/);
    assert.equal(existsSync(join(dir, 'out2', 'n_orders.csv')), false);
  });

  it('an output folder that holds the joined tables (the spec’s own) is refused before anything is spent', async () => {
    const dir = copy();
    const r = await runIn(dir, ['release', 'orders.privspec', '--out', '.']);
    assert.equal(r.code, 2, r.out);
    assert.equal(existsSync(ledgerFileSync(join(dir, 'customers.csv'))), false);
  });
});
