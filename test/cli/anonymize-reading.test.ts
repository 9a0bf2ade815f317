import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { ADULT_COLUMNS, ADULT_MISSING, adultDir, skipOrFail } from '../helpers/adult.js';
import { FIXTURE_LINKS } from '../helpers/fixture-links.js';

// Issue 25, item 2: without --out, `privspec anonymize` reads the distinct records of the quasi-identifiers and the
// sensitive column straight from the file (no per-row array); with --out it reads the rows, which the release needs.
// The report is the same either way: the search runs on the same frequency table.
describe('privspec anonymize reads only what it needs', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-anonymize-reading-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out, err };
  };

  /** The JSON report without --out, and with it, less the fields that differ by nature (the file, the timing). */
  const both = async (args: string[], name: string) => {
    const counted = await run([...args, '--json']);
    // Each case writes another file of the same data: the cross-spec check would (rightly) refuse the second.
    const rows = await run([...args, '--out', join(dir, `${name}.csv`), '--json', ...FIXTURE_LINKS]);
    assert.equal(counted.err, '');
    assert.equal(counted.code, rows.code, rows.err);
    const strip = (text: string) => {
      const { out: _out, searchMs: _ms, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return rest;
    };
    return [strip(counted.out), strip(rows.out)];
  };

  it('gives the same report on Adult for k, ℓ-diversity, t-closeness and Mondrian', async function () {
    const adult = adultDir();
    if (!adult) skipOrFail(this, ADULT_MISSING);
    const qi = ADULT_COLUMNS.filter((c) => c !== 'occupation' && c !== 'salary-class');
    // A copy: anonymize --out records its run and row key beside the data it reads, never in the shared Adult folder.
    copyFileSync(join(adult, 'adult.csv'), join(dir, 'adult.csv'));
    const base = [
      'anonymize',
      join(dir, 'adult.csv'),
      '--qi',
      qi.join(','),
      ...qi.flatMap((c) => ['--hierarchy', `${c}=${join(adult, `adult_hierarchy_${c}.csv`)}`]),
    ];
    const cases: [string, string[]][] = [
      ['k', ['--k', '5', '--suppression', '0.04']],
      ['l', ['--k', '2', '--l', '2', '--sensitive', 'occupation', '--suppression', '0.02']],
      ['t', ['--k', '2', '--t', '0.2', '--sensitive', 'salary-class', '--suppression', '0.02']],
      ['mondrian', ['--k', '10', '--algorithm', 'mondrian', '--keep', 'salary-class']],
    ];
    for (const [name, extra] of cases) {
      const [counted, rows] = await both([...base, ...extra], name);
      assert.deepEqual(counted, rows, name);
      assert.equal(counted.rows, 30162);
    }
  });

  it('names the columns it would remove, and refuses an unknown --keep, from the header alone', async () => {
    const csv = 'test/fixtures/risk-small.csv';
    const hierarchy = (c: string) => join(dir, `${c}.csv`);
    writeFileSync(hierarchy('sex'), 'M;*\nF;*\n');
    const args = [
      'anonymize',
      join(process.cwd(), csv),
      '--qi',
      'sex',
      '--hierarchy',
      `sex=${hierarchy('sex')}`,
      '--k',
      '2',
    ];
    const [counted, rows] = await both(args, 'small');
    assert.deepEqual(counted, rows);
    assert.deepEqual(counted.removedColumns, ['age', 'zip', 'diagnosis']);
    const bad = await run([...args, '--keep', 'nope']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /no column 'nope' in .*risk-small\.csv \(columns: age, zip, sex, diagnosis\)/);
  });
});
