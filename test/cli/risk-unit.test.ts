import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// `privspec risk --unit COL`: rows of one person do not hide each other ((X,Y)-anonymity with Y the unit, Wang & Fung,
// KDD 2006), so class sizes and risks count distinct persons.
describe('privspec risk --unit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-risk-unit-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // {34,F}: P1 ×5 → 5 rows, 1 person; {50,M}: P2, P3, P4 → 3 persons; {60,F}: P5, P6 → 2 persons.
  const file = join(dir, 'visits.csv');
  writeFileSync(
    file,
    [
      'pid,age,sex',
      'P1,34,F',
      'P1,34,F',
      'P1,34,F',
      'P1,34,F',
      'P1,34,F',
      'P2,50,M',
      'P3,50,M',
      'P4,50,M',
      'P5,60,F',
      'P6,60,F',
      '',
    ].join('\n'),
  );
  const run = async (args: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out, err };
  };

  it('counts persons: the class of 5 visits of one patient is a sample unique, and breaks k=3', async () => {
    const { code, out } = await run(['risk', 'visits.csv', '--qi', 'age,sex', '--unit', 'pid', '--k', '3', '--json']);
    assert.equal(code, 1);
    const r = JSON.parse(out);
    assert.equal(r.unit, 'pid');
    // Unit sizes 1, 3, 2 → 6 (person, class) pairs; classes / pairs = 3/6.
    assert.equal(r.unitRecords, 6);
    assert.deepEqual(r.classSizeHistogram, { 1: 1, 2: 1, 3: 1 });
    assert.equal(r.sampleUniques, 1);
    assert.equal(r.averageRisk, 0.5);
    assert.equal(r.highestRisk, 1);
    // k=3: the classes of 1 and 2 persons fail, holding 1 + 2 = 3 pairs.
    assert.deepEqual([r.kViolations.classes, r.kViolations.records], [2, 3]);
  });

  it('without --unit the same file looks safer (5 rows hide each other), which is the mistake --unit prevents', async () => {
    const r = JSON.parse((await run(['risk', 'visits.csv', '--qi', 'age,sex', '--k', '3', '--json'])).out);
    assert.deepEqual(r.classSizeHistogram, { 2: 1, 3: 1, 5: 1 });
    assert.equal(r.sampleUniques, 0);
  });

  it('refuses a unit that is a quasi-identifier or missing, in one line', async () => {
    const same = await run(['risk', 'visits.csv', '--qi', 'age,pid', '--unit', 'pid']);
    assert.equal(same.code, 2);
    assert.match(same.err, /--unit: 'pid' is also a quasi-identifier/);
    const missing = await run(['risk', 'visits.csv', '--qi', 'age', '--unit', 'person']);
    assert.equal(missing.code, 2);
    assert.equal(missing.err.trim().split('\n').length, 1);
  });

  it('says in the text report what its records are', async () => {
    const { out } = await run(['risk', 'visits.csv', '--qi', 'age,sex', '--unit', 'pid']);
    assert.match(out, /counted in\s+distinct pid: 6 \(person, class\) pairs/);
  });

  it('counts a person below k once, however many small classes they have rows in (issue 22)', async () => {
    writeFileSync(join(dir, 'two.csv'), 'pid,age,sex\nP1,34,F\nP1,40,M\nP2,50,M\nP3,50,M\nP4,50,M\n');
    // {34,F} and {40,M} hold P1 alone (1 person each), {50,M} holds 3: two classes below 3, one person in them.
    const r = JSON.parse(
      (await run(['risk', 'two.csv', '--qi', 'age,sex', '--unit', 'pid', '--k', '3', '--json'])).out,
    );
    // records: the one person below k; beside it the rows in those classes (2) and the persons again.
    assert.deepEqual(r.kViolations, { k: 3, records: 1, classes: 2, rows: 2, persons: 1 });
    const { out } = await run(['risk', 'two.csv', '--qi', 'age,sex', '--unit', 'pid', '--k', '3']);
    assert.match(out, /violated: 2 classes have fewer than 3 distinct pid; 1 of 4 pid \(25\.00%\) are in them/);
  });
});
