import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';

// Review finding after issue 21: the ledger is per dataset, but whether `where` regions compose in parallel followed
// each spec's `unit`. A spec without `unit` spent two disjoint age regions at ε 6 each in parallel (ε 6), and a second
// spec with `unit uid` then spent ε 4 — "ε 10 of 10" — while every person, having a row in both regions, had lost
// ε 6 + 6 + 4 = 16. Once any spend on the data counts a unit, every spend composes sequentially.
describe('one dataset, one notion of a neighbour: a spend that counts a unit makes every spend sequential', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-unit-compose-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[]) => runIn(dir, args);

  it('ε 6 + 6 in parallel without a unit, then a unit-level ε 4 is refused: the ledger holds ε 12 once persons count', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `u${i},25\nu${i},35`).join('\n');
    writeFileSync(join(dir, 'd.csv'), `uid,age\n${rows}\n`);
    writeFileSync(join(dir, 'row.privspec'), 'dataset d from "d.csv" { insensitive age }\nbudget { epsilon 10 }\nrelease a: count where age in 20..29 laplace epsilon 6\nrelease b: count where age in 30..39 laplace epsilon 6\n');
    writeFileSync(join(dir, 'unit.privspec'), 'dataset d from "d.csv" { insensitive age  unit uid }\nbudget { epsilon 10 }\nrelease c: count where age in 40..49 bound unit rows 1 laplace epsilon 4\n');
    const first = await run(['release', 'row.privspec', '--out', 'o1']);
    assert.equal(first.code, 0, first.err + first.out);
    const second = await run(['release', 'unit.privspec', '--out', 'o2']);
    // Sequentially the two recorded spends are ε 12 > 10 already: nothing remains for ε 4.
    assert.equal(second.code, 1, second.out);
    assert.match(second.out, /c: refused: .*needs ε 4, ε 0 remains/);
  });
});
