import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// Issue 21 item 2 (the shuffle) — microdata files cannot be re-joined by position. A spec with a PRAM release and a
// generalize release wrote both in the input's row order, so row i of one and row i of the other were the same person:
// the exact values of one file lined up with the perturbed values of the other. Every microdata output is now written
// in a fresh uniformly random order. Each row carries its input position in `seq`, a quasi-identifier pinned at level 0
// (a PRAM file writes only its randomized columns and the quasi-identifiers at the anonymity block's levels, so `seq`
// appears unchanged in both files), so we can count how often row i of two files comes from the same input row.
//
// For two independent uniform permutations of n rows, P(row i of both is the same input row) = 1/n, so the expected
// number of such rows per pair of files is n · 1/n = 1, and over 20 runs 20 (Poisson-like, sd ≈ 4.5). The original
// code lines up all n = 40 rows every run: 800. The bound 45 is the mean plus more than 5 sd.
const N = 40;
const RUNS = 20;

const csv = () => {
  const lines = ['seq,age,sex,diagnosis'];
  for (let i = 0; i < N; i++)
    lines.push(`${i},${20 + (i % 4) * 10},${i % 2 ? 'M' : 'F'},${['flu', 'cold', 'asthma'][i % 3]}`);
  return `${lines.join('\n')}\n`;
};

const SPEC = `dataset d from "d.csv" {
  quasi age, sex, seq
  sensitive diagnosis
}
hierarchy age { "20", "30" -> "20-39"  "40", "50" -> "40-59"  "20-39", "40-59" -> "*" }
hierarchy sex { "M", "F" -> "*" }
hierarchy seq: intervals 10
hierarchy diagnosis { "flu", "cold", "asthma" -> "*" }
anonymity { k 1  generalize age 0  generalize sex 0  generalize seq 0 }
release p: pram diagnosis retain 0.5
release g: generalize  accept linked-releases "test fixture: the row-order test needs two microdata files of one table"
`;

/** The input positions (`seq`) of a microdata file's rows, in file order. */
const seqs = (file: string) => {
  const [header, ...rows] = readFileSync(file, 'utf8')
    .replace(/^# .*\n/, '')
    .trim()
    .split('\n');
  const j = header.split(',').indexOf('seq');
  return rows.map((r) => Number(r.split(',')[j]));
};

const sameRow = (a: number[], b: number[]) => a.reduce((n, x, i) => n + (x === b[i] ? 1 : 0), 0);

describe('issue 21 — microdata releases are written in a fresh random row order', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it(`re-join: row i of the PRAM and the generalize file come from the same input row no more often than chance (${RUNS} runs)`, async () => {
    let pg = 0;
    let pInput = 0;
    let written = 0;
    for (let run = 0; run < RUNS; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'privspec-rejoin-'));
      dirs.push(dir);
      writeFileSync(join(dir, 'd.csv'), csv());
      writeFileSync(join(dir, 's.privspec'), SPEC);
      // Unseeded: the secure generator draws the order, as in a real release.
      let err = '';
      const code = await runCli(['release', 's.privspec', '--out', 'out'], {
        out: () => {},
        err: (t) => (err += t),
        cwd: dir,
      });
      assert.equal(code, 0, err);
      const p = seqs(join(dir, 'out', 'p.csv'));
      const g = seqs(join(dir, 'out', 'g.csv'));
      assert.equal(p.length, N);
      assert.equal(g.length, N, 'k 1 holds at these levels without suppression');
      assert.deepEqual(
        [...p].sort((a, b) => a - b),
        Array.from({ length: N }, (_, i) => i),
        'every row once',
      );
      pg += sameRow(p, g);
      pInput += sameRow(
        p,
        Array.from({ length: N }, (_, i) => i),
      );
      written++;
    }
    assert.equal(written, RUNS);
    assert.ok(pg <= 45, `rows of p and g lined up ${pg} times in ${RUNS} runs (chance: about ${RUNS})`);
    assert.ok(
      pInput <= 45,
      `rows of p kept their input position ${pInput} times in ${RUNS} runs (chance: about ${RUNS})`,
    );
  });

  it('anonymize --out writes its rows in a random order too: position says nothing of the input row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-rejoin-anon-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'd.csv'), csv());
    writeFileSync(join(dir, 'age.csv'), '20;20-39;*\n30;20-39;*\n40;40-59;*\n50;40-59;*\n');
    writeFileSync(join(dir, 'sex.csv'), 'M;*\nF;*\n');
    let kept = 0;
    for (let run = 0; run < RUNS; run++) {
      const out = `a${run}.csv`;
      const code = await runCli(
        [
          'anonymize',
          'd.csv',
          '--qi',
          'age,sex',
          '--hierarchy',
          'age=age.csv',
          '--hierarchy',
          'sex=sex.csv',
          '--k',
          '2',
          '--keep',
          'seq',
          '--out',
          out,
        ],
        { out: () => {}, err: () => {}, cwd: dir },
      );
      assert.equal(code, 0);
      kept += sameRow(
        seqs(join(dir, out)),
        Array.from({ length: N }, (_, i) => i),
      );
    }
    assert.ok(kept <= 45, `rows kept their input position ${kept} times in ${RUNS} runs (chance: about ${RUNS})`);
  });
});
