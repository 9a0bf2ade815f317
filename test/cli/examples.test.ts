import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// Issue 16, item 7: the example workspace is one a newcomer learns from — the spec has no error and the CSV shows a
// handful of classes to fix, counted in patients (the spec's unit).
describe('examples/: a first sight that teaches', () => {
  const dir = resolve('examples');

  it('privspec check: no error; the 5 classes (14 rows) of fewer than 3 patients the editor flags', async () => {
    let out = '';
    const code = await runCli(['check', 'visits.privspec', '--format', 'json'], {
      out: (t) => (out += t),
      err: () => undefined,
      cwd: dir,
    });
    assert.equal(code, 0);
    const { diagnostics } = JSON.parse(out) as { diagnostics: { severity: string; code: string; message: string }[] };
    assert.deepEqual(
      diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    const k = diagnostics.filter((d) => d.code === 'k-anonymity-violated');
    assert.equal(k.length, 1);
    // Checked by hand in Python: grouping by (age // 10, sex, zip[:2]) leaves 5 classes with fewer than 3 distinct
    // patients, holding 14 rows of 8 patients.
    assert.match(
      k[0].message,
      /: 14 of 21062 rows \(8 patient_id\) are in 5 classes with fewer than 3 distinct patient_id$/,
    );
  });

  it('the same 5 classes by an independent count: ages in 10-year bands, sex, zip to two digits; distinct patients', () => {
    // The spec pins age to level 2 of `intervals 5, 10, 20` (width 10), zip to level 3 of `mask 1, 2, 3, 5` (3 digits
    // masked), sex at 0. Plain string handling, no engine code: the CSV has no quoted fields.
    const lines = readFileSync(resolve(dir, 'data/patients.csv'), 'utf8').trim().split('\n');
    const header = lines[0].split(',');
    const [pid, age, sex, zip] = ['patient_id', 'age', 'sex', 'zip'].map((c) => header.indexOf(c));
    const classes = new Map<string, { rows: number; patients: Set<string> }>();
    for (const line of lines.slice(1)) {
      const f = line.split(',');
      const key = `${Math.floor(Number(f[age]) / 10) * 10}|${f[sex]}|${f[zip].slice(0, 2)}`;
      const c = classes.get(key) ?? { rows: 0, patients: new Set() };
      c.rows++;
      c.patients.add(f[pid]);
      classes.set(key, c);
    }
    const below = [...classes.values()].filter((c) => c.patients.size < 3);
    assert.deepEqual([below.length, below.reduce((s, c) => s + c.rows, 0)], [5, 14]);
  });
});
