import { strict as assert } from 'node:assert';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { adultDir, ADULT_MISSING, skipOrFail } from '../helpers/adult.js';
import type { LedgerEntry } from '../../engine/release/ledger-entry.js';
import { ledgerFor, readLedger } from '../../engine/host/ledger/ledger-file.js';

// Issue 36 item 3 — linked releases across specs. On main (bfa132f) each spec below is correct on its own and every
// second release ran: two generalizations of Adult at different levels (the intersection attack), a generalize release
// and a PRAM of occupation in two specs, a DP release after a file that publishes its column. Each is now refused under
// the ledger's lock, naming the earlier release, and runs with 'accept linked-releases "reason"'.

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * A folder holding Adult and its hierarchies, with a ledger registry of its own (useTestRegistryFor): each test starts
 * from a fresh budget for the same bytes. Setting PRIVSPEC_LEDGER_DIR here instead would outlive this file and make
 * every later test file of the same mocha worker share one registry.
 */
function adultFolder(context: Mocha.Context): string {
  const adult = adultDir();
  if (!adult) skipOrFail(context, ADULT_MISSING);
  const d = mkdtempSync(join(tmpdir(), 'privspec-cross-'));
  dirs.push(d);
  const hierarchies = ['age', 'education', 'occupation', 'sex'].map((c) => `adult_hierarchy_${c}.csv`);
  for (const f of ['adult.csv', ...hierarchies]) copyFileSync(join(adult, f), join(d, f));
  useTestRegistryFor(d);
  return d;
}

const HEAD = `dataset adult from "adult.csv" delimiter ";" {
  quasi age, education
  sensitive occupation
}
hierarchy age from "adult_hierarchy_age.csv"
hierarchy education from "adult_hierarchy_education.csv"
hierarchy occupation from "adult_hierarchy_occupation.csv"
hierarchy sex from "adult_hierarchy_sex.csv"
`;

/**
 * A spec on Adult satisfying k = 5 and distinct 3-diversity on occupation with the given pins. The age hierarchy has
 * levels 0 (the age) to 4 (*), education 0 (the degree) to 3 (*): the issue's two specs pin age 0 / education 3 and
 * education 0 / age 4.
 */
const generalizeSpec = (age: number, education: number, release: string, accept = '') =>
  `${HEAD}anonymity { k 5  l-diversity distinct 3 on occupation  generalize age ${age}  generalize education ${education}  suppression 5% }
release ${release}: generalize${accept}
`;

/** A run's exit code and all it printed (a refused release's message goes to stdout, local figures to stderr). */
async function release(dir: string, spec: string, out: string) {
  const r = await runIn(dir, ['release', spec, '--out', out]);
  return { code: r.code, err: `${r.out}${r.err}` };
}

/** The entries of Adult's ledger, wherever the data's ledger is kept. */
async function ledgerEntries(dir: string, spec: string): Promise<LedgerEntry[]> {
  return (await readLedger(await ledgerFor(join(dir, 'adult.csv'), join(dir, spec)))).entries;
}

describe('issue 36 item 3 — linked releases across specs', function () {
  this.timeout(600000);

  it('two generalizations of Adult at different levels (the intersection attack): the second is refused, naming the first', async function () {
    const dir = adultFolder(this);
    writeFileSync(join(dir, 'a.privspec'), generalizeSpec(0, 3, 'by_age'));
    writeFileSync(join(dir, 'b.privspec'), generalizeSpec(4, 0, 'by_education'));
    const a = await release(dir, 'a.privspec', 'out-a');
    assert.equal(a.code, 0, a.err);
    // Each spec is correct on its own.
    assert.equal((await runIn(dir, ['check', 'b.privspec'])).code, 0);
    const b = await release(dir, 'b.privspec', 'out-b');
    assert.equal(b.code, 1, b.err);
    assert.match(
      b.err,
      /'by_education' links with an earlier release of the same data: release 'by_age' of spec \S*a\.privspec, run \d{4}-\d\d-\d\dT[\d:.]+Z \(ledger entry [\w-]+\)\. 'by_age' published 'occupation' beside age at level 0, education at level 3, and 'by_education' would publish it beside age at level 4, education at level 0: a person's two equivalence classes, intersected/,
    );
    assert.match(b.err, /accept linked-releases "reason"' on 'by_education'/);
  });

  it('with \'accept linked-releases "reason"\' the second generalization runs; the report repeats the reason, the terminal the link', async function () {
    const dir = adultFolder(this);
    const reason = 'the education file goes to the ministry only, under a contract that forbids joining';
    writeFileSync(join(dir, 'a.privspec'), generalizeSpec(0, 3, 'by_age'));
    writeFileSync(
      join(dir, 'b.privspec'),
      generalizeSpec(4, 0, 'by_education', `  accept linked-releases "${reason}"`),
    );
    assert.equal((await release(dir, 'a.privspec', 'out-a')).code, 0);
    const b = await release(dir, 'b.privspec', 'out-b');
    assert.equal(b.code, 0, b.err);
    const report = JSON.parse(readFileSync(join(dir, 'out-b', 'by_education.json'), 'utf8'));
    assert.deepEqual(report.acceptedBecause, { 'linked-releases': reason });
    assert.ok(b.err.includes(`accepted linked-releases ("${reason}"): 'by_age' published 'occupation'`), b.err);
  });

  it('re-running the same generalization (same levels) is no link', async function () {
    const dir = adultFolder(this);
    writeFileSync(join(dir, 'a.privspec'), generalizeSpec(0, 3, 'by_age'));
    writeFileSync(join(dir, 'a2.privspec'), generalizeSpec(0, 3, 'same_levels'));
    assert.equal((await release(dir, 'a.privspec', 'out-a')).code, 0);
    const again = await release(dir, 'a2.privspec', 'out-a2');
    assert.equal(again.code, 0, again.err);
  });

  it('a generalize release and a PRAM of occupation split into two specs: the second is refused, in either order', async function () {
    const dir = adultFolder(this);
    writeFileSync(join(dir, 'g.privspec'), generalizeSpec(0, 3, 'by_age'));
    writeFileSync(
      join(dir, 'p.privspec'),
      `${HEAD}anonymity { k 5  generalize age 2  generalize education 1  suppression 1% }\nrelease occ: pram occupation retain 0.6\n`,
    );
    assert.equal((await release(dir, 'g.privspec', 'out-g')).code, 0);
    const p = await release(dir, 'p.privspec', 'out-p');
    assert.equal(p.code, 1, p.err);
    assert.match(
      p.err,
      /release 'by_age' of spec \S*g\.privspec, run [^(]+\(ledger entry [\w-]+\)\. 'by_age' published 'occupation' exactly \(written as it is\), and 'occ' protects it \(it randomizes it\)/,
    );

    const other = adultFolder(this);
    writeFileSync(join(other, 'g.privspec'), generalizeSpec(0, 3, 'by_age'));
    writeFileSync(
      join(other, 'p.privspec'),
      `${HEAD}anonymity { k 5  generalize age 2  generalize education 1  suppression 1% }\nrelease occ: pram occupation retain 0.6\n`,
    );
    const first = await release(other, 'p.privspec', 'out-p');
    assert.equal(first.code, 0, first.err);
    const g = await release(other, 'g.privspec', 'out-g');
    assert.equal(g.code, 1, g.err);
    assert.match(
      g.err,
      /'by_age' would publish 'occupation' exactly \(written as it is\), and 'occ' protects it \(it randomizes it\)/,
    );
  });

  it('a DP release after a file that publishes the column it reads: refused; one that reads only columns the file leaves out is not', async function () {
    const dir = adultFolder(this);
    writeFileSync(join(dir, 'g.privspec'), generalizeSpec(0, 3, 'by_age'));
    const dp = (query: string) =>
      `${HEAD.replace('sensitive occupation', 'sensitive occupation\n  insensitive sex')}budget { epsilon 1 }\nrelease c: ${query}  laplace epsilon 0.5\n`;
    writeFileSync(join(dir, 'by-occupation.privspec'), dp('count by occupation'));
    writeFileSync(join(dir, 'total.privspec'), dp('count'));
    writeFileSync(join(dir, 'by-sex.privspec'), dp('count by sex'));
    assert.equal((await release(dir, 'g.privspec', 'out-g')).code, 0);
    const byOccupation = await release(dir, 'by-occupation.privspec', 'out-1');
    assert.equal(byOccupation.code, 1, byOccupation.err);
    assert.match(
      byOccupation.err,
      /'by_age' published 'occupation' exactly \(written as it is\), and 'c' protects it \(a DP release reads it\)/,
    );
    // A plain count: the file's rows are its total, less the suppressed rows.
    const total = await release(dir, 'total.privspec', 'out-2');
    assert.equal(total.code, 1, total.err);
    assert.match(total.err, /'by_age' published its rows, the total 'c' perturbs/);
    // Nothing was spent by the refusals: the ledger holds the generalization only, and then the count by sex.
    const bySex = await release(dir, 'by-sex.privspec', 'out-3');
    assert.equal(bySex.code, 0, bySex.err);
    assert.deepEqual(
      (await ledgerEntries(dir, 'by-sex.privspec')).map((e) => [e.release, e.published]),
      [
        [
          'by_age',
          { columns: { age: 0, education: 3, occupation: 0 }, quasi: ['age', 'education'], suppression: 0.05 },
        ],
        ['c', { reads: ['sex'] }],
      ],
    );
  });

  it("the shipped examples' two plans: once visits.privspec's count by sex has run, public-file.privspec is refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-cross-'));
    dirs.push(dir);
    cpSync(resolve('examples'), dir, { recursive: true });
    useTestRegistryFor(dir);
    const counted = await runIn(dir, ['release', 'visits.privspec', '--only', 'visits_by_sex', '--out', 'out-v']);
    assert.equal(counted.code, 0, counted.err);
    const file = await release(dir, 'public-file.privspec', 'out-p');
    assert.equal(file.code, 1, file.err);
    assert.match(
      file.err,
      /release 'visits_by_sex' of spec \S*visits\.privspec, run [^(]+\(ledger entry [\w-]+\)\. 'public_file' would publish 'sex' exactly \(a quasi-identifier at level 0\), and 'visits_by_sex' protects it \(a DP release reads it\)/,
    );
  });

  it('\'accept linked-releases " "\': an error in check, and refused at run (a blank or invisible reason)', async function () {
    const dir = adultFolder(this);
    for (const blank of [' ', '\t', '\u200b']) {
      writeFileSync(join(dir, 'g.privspec'), generalizeSpec(0, 3, 'by_age', `  accept linked-releases "${blank}"`));
      const check = await runIn(dir, ['check', 'g.privspec', '--format', 'json']);
      const diagnostics = (JSON.parse(check.out) as { diagnostics: { severity: string; message: string }[] })
        .diagnostics;
      assert.ok(
        diagnostics.some(
          (d) => d.severity === 'error' && /'accept linked-releases' needs the reason in words/.test(d.message),
        ),
        JSON.stringify(blank),
      );
      // No diagnostic says it was accepted.
      assert.ok(!diagnostics.some((d) => /^accepted linked-releases/.test(d.message)), check.out);
      assert.equal((await release(dir, 'g.privspec', 'out')).code, 1);
    }
  });
});
