import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { gridView, wideView } from '../helpers/view-inputs.js';
import { withCpuTime } from '../helpers/cpu-time.js';
import { seededRandom } from '../../engine/core/random.js';
import { readViewText } from '../../engine/view/view-file.js';
import { syntheticRecords } from '../../engine/view/synthesize-view.js';

// Issue 36 item 6: bounded work on the commands of wave 3. Each case failed on main before the fix (the figures in
// the names were measured then); CPU bounds are ten times the work's CPU time on an idle machine (cpu-time.ts), and the
// times themselves are printed by `npm run bench -- bounded`.

describe('bounded work on the commands of wave 3 (issue 36)', function () {
  this.timeout(300_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-bounded-work-'));
    writeFileSync(join(dir, 'view.json'), gridView());
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('query --workload with 300,000 lines answers every line (main: RangeError from Math.max(...) on the widths)', async () => {
    const lines: string[] = [];
    for (let n = 0; n < 300_000; n++) lines.push(`count where age in ${n % 50}..${(n % 50) + 30} and c = "v${n % 10}"`);
    writeFileSync(join(dir, 'workload.txt'), `${lines.join('\n')}\n`);
    const { value: r, cpu } = await withCpuTime('query, 300,000 lines', () =>
      runIn(dir, ['query', 'view.json', '--workload', 'workload.txt', '--json']),
    );
    assert.equal(r.code, 0, r.err);
    const { answers } = JSON.parse(r.out) as { answers: { query: string; estimate: number }[] };
    assert.equal(answers.length, 300_000);
    // Line 1: age 0..30 in category v0 holds all of bands 0, 1 and 2 (counts 0, 1, 2) and 1 of the 10 ages of band 3
    // (count 3): 0 + 1 + 2 + 3/10 = 3.3, by uniformity within a block.
    assert.ok(Math.abs(answers[0].estimate - 3.3) < 1e-9, String(answers[0].estimate));
    // Line 300,000 (n = 299,999): age 49..79 in v9 takes 1 of the 10 ages of band 4 (count 13) and all of bands 5, 6
    // and 7 (counts 14, 15, 16): 1.3 + 14 + 15 + 16 = 46.3.
    assert.ok(Math.abs(answers[299_999].estimate - 46.3) < 1e-9, String(answers[299_999].estimate));
    // The text form prints one line per answer and a total.
    const text = await runIn(dir, ['query', 'view.json', '--workload', 'workload.txt']);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /300000 answers from the hdpview view/);
    // About 5 s of CPU on an idle machine.
    assert.ok(cpu < 60, `${cpu} s of CPU`);
  });

  it('synthesize --rows 1000000 on a 300-dimension view is refused up front with the estimate and the flag (main: killed at 3.8 GB)', async () => {
    writeFileSync(join(dir, 'wide300.json'), wideView(300));
    const { value: r, cpu } = await withCpuTime('synthesize refusal', () =>
      runIn(dir, ['synthesize', 'wide300.json', '--rows', '1000000', '--out', 'wide.csv']),
    );
    assert.equal(r.code, 2, r.out);
    // 10^6 records × 300 dimensions = 3·10^8 cells; each line holds 300 one-letter values and 300 delimiters: 600 MB.
    assert.match(r.err, /300,000,000 cells \(about 600 MB of CSV\), over the bound of 100,000,000 cells/);
    assert.match(r.err, /--max-cells 300000000/);
    assert.ok(cpu < 5, `${cpu} s of CPU for a refusal`);
  });

  it('synthesize streams: batches of at most 10,000 records, and 30,000 records × 60 dimensions written whole', async () => {
    const { view } = readViewText(wideView(60));
    // The engine hands the writer bounded batches: memory is one batch, not the whole file (main built one string of
    // every record and failed at 1,000,000 × 60 with "Invalid string length").
    const sizes = [...syntheticRecords(view, 25_001, seededRandom(1))].map((b) => b.length);
    assert.deepEqual(sizes, [10_000, 10_000, 5_001]);
    writeFileSync(join(dir, 'wide60.json'), wideView(60));
    const r = await runIn(dir, ['synthesize', 'wide60.json', '--rows', '30000', '--out', 'w60.csv', '--seed', '3']);
    assert.equal(r.code, 0, r.err);
    const lines = readFileSync(join(dir, 'w60.csv'), 'utf8').trimEnd().split('\n');
    // A bare view states no NOT PRIVATE notice, so the file starts with its header.
    const body = lines;
    assert.equal(body[0], Array.from({ length: 60 }, (_, j) => `d${j}`).join(','));
    assert.equal(body.length, 30_001);
    assert.equal(body[0].split(',').length, 60);
    assert.ok(body.slice(1).every((l) => /^[ab](,[ab]){59}$/.test(l)));
    // Over the bound unless it is raised: 30,000 × 60 = 1,800,000 cells.
    const over = await runIn(dir, [
      'synthesize',
      'wide60.json',
      '--rows',
      '30000',
      '--out',
      'w60b.csv',
      '--max-cells',
      '1799999',
    ]);
    assert.equal(over.code, 2);
    assert.match(over.err, /1,800,000 cells/);
  });

  it('synthesize writes a formula-like value as text (OWASP CSV injection; main wrote =cmd|… unchanged)', async () => {
    writeFileSync(join(dir, 'evil.json'), wideView(1, ["=cmd|' /C calc'!A0", '-3', '@SUM(1)']));
    const r = await runIn(dir, ['synthesize', 'evil.json', '--rows', '300', '--out', 'evil.csv', '--seed', '5']);
    assert.equal(r.code, 0, r.err);
    const cells = new Set(readFileSync(join(dir, 'evil.csv'), 'utf8').trimEnd().split('\n').slice(1));
    // 300 uniform draws of 3 values miss one with probability below 3·(2/3)^300.
    assert.deepEqual([...cells].sort(), [`"'=cmd|' /C calc'!A0"`, `"'@SUM(1)"`, '-3'].sort());
  });

  it('synthesize --force never replaces a file that is not an earlier synthesis of the same dimensions (main: replaced a hierarchy, and the data through a copied report)', async () => {
    const work = join(dir, 'force');
    mkdirSync(join(work, 'data'), { recursive: true });
    mkdirSync(join(work, 'elsewhere'));
    writeFileSync(join(work, 'data', 'people.csv'), 'id,d0\n1,a\n');
    writeFileSync(join(work, 'sex.csv'), 'F;*\nM;*\n');
    // A report copied elsewhere: its spec path leads nowhere, so the data it came from is unknown to the guard.
    writeFileSync(
      join(work, 'elsewhere', 'v.json'),
      JSON.stringify({ spec: '../spec.privspec', view: JSON.parse(wideView(1)) }),
    );
    for (const target of ['data/people.csv', 'sex.csv']) {
      const before = readFileSync(join(work, target));
      const r = await runIn(work, ['synthesize', 'elsewhere/v.json', '--rows', '3', '--out', target, '--force']);
      assert.equal(r.code, 2, `${target} was replaced`);
      assert.match(r.err, /is not a synthetic file from a view of d0/);
      assert.deepEqual(readFileSync(join(work, target)), before);
    }
    // An earlier synthesis of the same dimensions is replaced with --force, and only with it.
    assert.equal((await runIn(work, ['synthesize', 'elsewhere/v.json', '--rows', '3', '--out', 's.csv'])).code, 0);
    assert.equal((await runIn(work, ['synthesize', 'elsewhere/v.json', '--rows', '4', '--out', 's.csv'])).code, 2);
    const again = await runIn(work, ['synthesize', 'elsewhere/v.json', '--rows', '4', '--out', 's.csv', '--force']);
    assert.equal(again.code, 0, again.err);
    assert.equal(readFileSync(join(work, 's.csv'), 'utf8').trimEnd().split('\n').length, 5);
  });
});
