import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';

// Review findings after issue 21: the ledger is per dataset, but the notion of a neighbour followed each spec's `unit`.
// A spec without `unit` spent two disjoint age regions at ε 6 each in parallel (ε 6), and a second spec with `unit uid`
// then spent ε 4 — "ε 10 of 10" — while every person, having a row in both regions, had lost ε 6 + 6 + 4 = 16. The
// other order too: after a per-person count at ε 0.5, a row-level count at ε 0.5 on persons with 10 rows each cost
// every person ε 5, and the ledger read "ε 1 of 1". Row-level and per-person spends on one dataset are now refused
// together.
describe('one dataset, one notion of a neighbour: row-level and per-person spends do not share a ledger', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-unit-compose-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[]) => runIn(dir, args);

  it('ε 6 + 6 row-level, then a per-person ε 4 is refused: the row-level spends have no cost per person', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `u${i},25\nu${i},35`).join('\n');
    writeFileSync(join(dir, 'd.csv'), `uid,age\n${rows}\n`);
    writeFileSync(
      join(dir, 'row.privspec'),
      'dataset d from "d.csv" { insensitive age }\nbudget { epsilon 10 }\nrelease a: count where age in 20..29 laplace epsilon 6\nrelease b: count where age in 30..39 laplace epsilon 6\n',
    );
    writeFileSync(
      join(dir, 'unit.privspec'),
      'dataset d from "d.csv" { insensitive age  unit uid }\nbudget { epsilon 10 }\nrelease c: count where age in 40..49 bound unit rows 1 laplace epsilon 4\n',
    );
    const first = await run(['release', 'row.privspec', '--out', 'o1']);
    assert.equal(first.code, 0, first.err + first.out);
    const second = await run(['release', 'unit.privspec', '--out', 'o2']);
    assert.equal(second.code, 1, second.out);
    assert.match(
      second.out,
      /c: refused: not run: this data's ledger .* holds row-level spends \(first: 'a', without a privacy unit\)/,
    );
  });

  it('a per-person ε 0.5, then a row-level ε 0.5 on persons with 10 rows each is refused (it would cost each person ε 5)', async () => {
    const d = join(dir, 'second');
    mkdirSync(d);
    const rows = Array.from({ length: 20 }, (_, p) =>
      Array.from({ length: 10 }, () => `${p},${p % 2 ? 'M' : 'F'}`).join('\n'),
    ).join('\n');
    writeFileSync(join(d, 'd.csv'), `pid,sex\n${rows}\n`);
    writeFileSync(
      join(d, 'u.privspec'),
      'dataset d from "d.csv" { unit pid  quasi sex }\nhierarchy sex { "M", "F" -> "*" }\nbudget { epsilon 1 }\nrelease c: count by sex bound unit groups 1 rows 10 laplace epsilon 0.5\n',
    );
    writeFileSync(
      join(d, 'nu.privspec'),
      'dataset d from "d.csv" { identifying pid  quasi sex }\nhierarchy sex { "M", "F" -> "*" }\nbudget { epsilon 1 }\nrelease c2: count by sex laplace epsilon 0.5\n',
    );
    assert.equal((await runIn(d, ['release', 'u.privspec', '--out', 'o1'])).code, 0);
    const rowLevel = await runIn(d, ['release', 'nu.privspec', '--out', 'o2']);
    assert.equal(rowLevel.code, 1, rowLevel.out);
    assert.match(
      rowLevel.out,
      /c2: refused: not run: this data's ledger .* counts persons \(first: 'c' bounds each unit's contributions\)/,
    );
  });
});
