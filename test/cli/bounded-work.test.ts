import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { withCpuTime } from '../helpers/cpu-time.js';

// Issue 36 item 6: bounded work on the commands of wave 3. Each case failed on main before the fix (the figures in
// the names were measured then); CPU bounds are ten times the work's CPU time on an idle machine (cpu-time.ts), and the
// times themselves are printed by `npm run bench -- bounded`.

/** A 100 × 10 view in ten-year age bands by ten categories; the block of band i and category j counts i + j. */
export function gridView(): string {
  const blocks = [];
  for (let i = 0; i < 10; i++)
    for (let j = 0; j < 10; j++) blocks.push({ lo: [i * 10, j], hi: [i * 10 + 9, j], count: i + j });
  return JSON.stringify({
    version: 1,
    algorithm: 'hdpview',
    dimensions: [
      { kind: 'range', name: 'age', lo: 0, hi: 99 },
      { kind: 'categorical', name: 'c', values: Array.from({ length: 10 }, (_, j) => `v${j}`) },
    ],
    blocks,
    cost: { kind: 'pure', epsilon: 1 },
    parameters: { countNoiseVariance: 2 },
  });
}

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
});
