import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { ledgerFileSync, ledgerOfLogText } from '../helpers/ledger.js';

// Issue 39's second review, HIGH: the exact stage of an in-memory R2T release ran after the spend, so what it refuses
// was refused with the budget gone, and the triangle LP's refusal printed its sizes, which are the data's. The edge
// list is K100: at τ = 2 every node lies in C(99, 2) = 4851 > 2 triangles, so all 100 constrain one component of
// C(100, 3) = 161,700 triangles, a tableau of 100 · 161,800 = 16,180,000 cells above the limit of 8,000,000.
describe('privspec release: an R2T release its exact stage refuses is refused before the spend (issue 39, second review)', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('count triangles over K100: refused, nothing spent, no file, and no figure of the graph in the message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-r2t-before-spend-'));
    dirs.push(dir);
    const rows = ['a,b'];
    for (let i = 0; i < 100; i++) for (let j = i + 1; j < 100; j++) rows.push(`p${i},p${j}`);
    writeFileSync(join(dir, 'graph.csv'), rows.join('\n') + '\n');
    writeFileSync(
      join(dir, 'graph.privspec'),
      'dataset graph from "graph.csv" { insensitive a, b }\nbudget { epsilon 4 }\n' +
        'release t: count triangles from graph (a, b)  bound unit auto up to 4096  laplace epsilon 1\n',
    );
    const r = await runIn(dir, ['release', 'graph.privspec', '--out', 'out']);
    const said = r.out + r.err;
    assert.equal(r.code, 1, said);
    assert.match(said, /not run: R2T: the triangle LP at τ = 2: .*too large for the exact LP/);
    assert.doesNotMatch(said, /spent ε|161700|161800|16180000|4950|4851/);
    assert.equal(existsSync(join(dir, 'out', 't.csv')), false);
    const ledger = ledgerFileSync(join(dir, 'graph.csv'));
    const entries = existsSync(ledger) ? ledgerOfLogText(readFileSync(ledger, 'utf8')).entries : [];
    assert.deepEqual(entries, []);
    assert.match(said, /ε 0 of 4 spent/);
  });

  // Issue 39's closing note: a GS in (10^15, 2^52] and a per-group count of pairs or triangles (a parser error then)
  // are each one checker error on the release's line, and the run stops there: no ledger entry, no file.
  describe('what the checker refuses', () => {
    for (const [what, release, said] of [
      [
        'GS 2·10^15',
        'release t: count pairs from graph (a, b)  bound unit auto up to 2000000000000000  laplace epsilon 1',
        /graph\.privspec:3: the spec has 1 error, the first: GS 2000000000000000 is above 10\^15, the largest sensitivity privspec accepts/,
      ],
      [
        'count triangles … by region',
        'release t: count triangles from graph (a, b) by region  bound unit auto up to 64  laplace epsilon 1',
        /graph\.privspec:3: the spec has 1 error, the first: 'count triangles … by region': R2T's per-group release is not supported for pairs or triangles/,
      ],
    ] as const)
      it(`${what}: one checker error on the release line, nothing spent, no file`, async () => {
        const dir = mkdtempSync(join(tmpdir(), 'privspec-r2t-before-spend-'));
        dirs.push(dir);
        writeFileSync(join(dir, 'graph.csv'), 'a,b,region\np1,p2,n\np2,p3,s\np1,p3,n\n');
        writeFileSync(
          join(dir, 'graph.privspec'),
          `dataset graph from "graph.csv" { insensitive a, b, region }\nbudget { epsilon 4 }\n${release}\n`,
        );
        const r = await runIn(dir, ['release', 'graph.privspec', '--out', 'out']);
        const out = r.out + r.err;
        assert.equal(r.code, 1, out);
        assert.match(out, said);
        assert.doesNotMatch(out, /Expecting|narrow the clamp range|spent ε/);
        assert.equal(existsSync(join(dir, 'out', 't.csv')), false);
        const ledger = ledgerFileSync(join(dir, 'graph.csv'));
        assert.deepEqual(existsSync(ledger) ? ledgerOfLogText(readFileSync(ledger, 'utf8')).entries : [], []);
      });
  });
});
