import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIn } from '../helpers/run-cli.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

const run = runIn;

// Issue 22 item 8: `privspec preview` prints the panel's figures; nothing is spent and nothing written.
describe('privspec preview', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-cli-preview-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
  // sex pinned, age searched (issue 22 item 2); k 2 with 10 % suppression (1 of 12 rows may go).
  writeFileSync(
    join(dir, 'spec.privspec'),
    `dataset people from "data/people.csv" {
  identifying name, id
  quasi age, sex
  sensitive diagnosis
  insensitive income
}
hierarchy age: intervals 10, 20
hierarchy sex { "M", "F", "X" -> "*" }
hierarchy diagnosis { "flu", "cold", "asthma" -> "*" }
anonymity { k 2  suppression 10%  generalize sex 0 }
budget { epsilon 1 }
release public: generalize  accept linked-releases "test fixture: one release of each kind on one table"
release by_dx: count by diagnosis  laplace epsilon 0.4
release income: mean income clamp 0..100000  laplace epsilon 0.2
`,
  );

  it('generalize with sex pinned searches age: age 2 (20-year bands), Kim (the one X) suppressed, as the release applies', async () => {
    // By hand: at age 1 (10-year bands) Kim (51, X) and Lou (52, M) are alone: 2 rows > floor(0.1·12) = 1. At age 2
    // the classes are {20-39 F} 3, {20-39 M} 2, {40-59 F} 2, {40-59 M} 4 and {40-59 X} 1: one row suppressed.
    const text = await run(dir, ['preview', 'spec.privspec', '--only', 'public']);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /^levels: age=2, sex=0 \(pinned\)$/m);
    assert.match(text.out, /^suppressed: 1 rows · classes: 4 · loss/m);
    const json = JSON.parse((await run(dir, ['preview', 'spec.privspec', '--only', 'public', '--json'])).out);
    assert.deepEqual(
      [json.transformation, json.suppressed, json.classes, json.pinned],
      [{ age: 2, sex: 0 }, 1, 4, ['sex']],
    );
    assert.deepEqual(json.classSizes, [
      [2, 2],
      [3, 1],
      [4, 1],
    ]);
    const released = JSON.parse(
      (
        await run(dir, [
          'release',
          'spec.privspec',
          '--only',
          'public',
          '--seed',
          '1',
          '--not-private',
          '--out',
          'out',
          '--json',
        ])
      ).out,
    );
    assert.deepEqual(released.releases[0].parameters.levels, { age: 2, sex: 0 });
    assert.ok(released.releases[0].local.includes('1 rows suppressed'), String(released.releases[0].local));
  });

  it("a count: true values, 95 % half-width, cost in the budget's notion, plan and ledger totals; nothing spent or written", async () => {
    const before = readdirSync(dir).sort();
    const r = await run(dir, ['preview', 'spec.privspec', '--only', 'by_dx']);
    assert.equal(r.code, 0, r.err);
    // people.csv: flu ×6, cold ×3, asthma ×3; Laplace scale 1/0.4 = 2.5, 95 % half-width 2.5·ln 20 = 7.49.
    assert.match(r.out, /^flu: true 6 ± 7\.48933 \(95 %\)$/m);
    assert.match(r.out, /^cold: true 3 ± 7\.48933 \(95 %\)$/m);
    assert.match(
      r.out,
      /^This release spends ε 0\.4; the plan spends ε 0\.6 of 1; ledger ε 0; ε 0\.4 remains after the plan\.$/m,
    );
    const json = JSON.parse((await run(dir, ['preview', 'spec.privspec', '--only', 'by_dx', '--json'])).out);
    assert.ok(
      json.cells.every((c: Record<string, unknown>) => !('draw' in c)),
      'no noisy draw leaves on the command line',
    );
    assert.equal(json.budget.figures.release, 0.4);
    assert.deepEqual(readdirSync(dir).sort(), before, 'no ledger, no output');
    assert.ok(!existsSync(join(dir, 'spec.privspec.ledger.json')));
  });

  it('asks for --only and names the releases when it names none that exists', async () => {
    const none = await run(dir, ['preview', 'spec.privspec']);
    assert.equal(none.code, 2);
    assert.match(none.err, /option --only NAME is required/);
    const wrong = await run(dir, ['preview', 'spec.privspec', '--only', 'nope']);
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.err, /no release named 'nope'; the spec has public, by_dx, income/);
  });
});
