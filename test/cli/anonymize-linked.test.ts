import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { ledgerFor, readLedger } from '../../engine/host/ledger/ledger-file.js';

// Issue 36 item 3, for `privspec anonymize --out`: a file written outside a spec was recorded without what it
// published, so neither an earlier file nor a later spec saw it link (the review of stop 43: "anonymize --out records
// no `published`, bypassing the cross-spec check"). Two files of the same records with different classes and a common
// column let an attacker intersect a person's two classes (Ganta, Kasiviswanathan and Smith, KDD 2008); a file that
// writes a column exactly answers a DP count of it without its noise.

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** ARX's seven-record example (as in anonymize-safety.test.ts), in a folder with a registry of its own. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-anonymize-linked-'));
  dirs.push(dir);
  const people = [
    ['34', 'male', '81667', 'flu'],
    ['45', 'female', '81675', 'cold'],
    ['66', 'male', '81925', 'flu'],
    ['70', 'female', '81931', 'cancer'],
    ['34', 'female', '81931', 'flu'],
    ['70', 'male', '81931', 'cold'],
    ['45', 'male', '81931', 'cancer'],
  ];
  writeFileSync(
    join(dir, 'people.csv'),
    `age,gender,zipcode,diagnosis\n${people.map((p) => p.join(',')).join('\n')}\n`,
  );
  writeFileSync(join(dir, 'age.csv'), '34;<50;*\n45;<50;*\n66;>=50;*\n70;>=50;*\n');
  writeFileSync(join(dir, 'gender.csv'), 'male;*\nfemale;*\n');
  return dir;
}

async function run(dir: string, args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
  return { code, text: out + err };
}

/** k = 2 on one quasi-identifier, keeping the diagnosis exactly. */
const byOne = (qi: 'age' | 'gender', out: string, extra: string[] = []) => [
  'anonymize',
  'people.csv',
  '--qi',
  qi,
  '--hierarchy',
  `${qi}=${qi}.csv`,
  '--k',
  '2',
  '--keep',
  'diagnosis',
  '--out',
  out,
  ...extra,
];

describe('issue 36 item 3 — privspec anonymize --out takes part in the cross-spec check', function () {
  this.timeout(120000);

  it('two files with different classes and the exact diagnosis: the second is refused, naming the first, and written with a reason', async () => {
    const dir = workspace();
    const a = await run(dir, byOne('age', 'by-age.csv'));
    assert.equal(a.code, 0, a.text);
    // The ledger records what the file published: age at the optimum's level (66 appears once, so level 0 is not
    // 2-anonymous; at level 1 '<50' holds 4 records and '>=50' 3), the diagnosis as it is.
    const entries = (await readLedger(await ledgerFor(join(dir, 'people.csv')))).entries;
    assert.deepEqual(entries.at(-1)?.published, { columns: { age: 1, diagnosis: 0 }, quasi: ['age'] });
    // Classes by gender instead of age: a person's age class and gender class, intersected, narrow down their
    // diagnosis.
    const b = await run(dir, byOne('gender', 'by-gender.csv'));
    assert.notEqual(b.code, 0, b.text);
    assert.match(b.text, /links with an earlier release of the same data: release 'anonymize --out by-age\.csv'/);
    assert.match(b.text, /intersection attack/);
    assert.match(b.text, /--accept-linked-releases "reason"/);
    assert.equal(existsSync(join(dir, 'by-gender.csv')), false, 'nothing written');
    // A blank reason is no reason.
    const blank = await run(dir, byOne('gender', 'by-gender.csv', ['--accept-linked-releases', '  ']));
    assert.notEqual(blank.code, 0, blank.text);
    assert.match(blank.text, /without a reason in words/);
    const c = await run(dir, byOne('gender', 'by-gender.csv', ['--accept-linked-releases', 'two audiences']));
    assert.equal(c.code, 0, c.text);
    assert.match(c.text, /accepted linked-releases \("two audiences"\)/);
    assert.ok(existsSync(join(dir, 'by-gender.csv')));
  });

  it("a spec's DP count of the diagnosis after a file that wrote it exactly is refused", async () => {
    const dir = workspace();
    assert.equal((await run(dir, byOne('age', 'by-age.csv'))).code, 0);
    writeFileSync(
      join(dir, 'count.privspec'),
      `dataset people from "people.csv" {
  quasi age, gender
  sensitive diagnosis
  insensitive zipcode
}
hierarchy diagnosis { "flu", "cold", "cancer" -> "*" }
budget { epsilon 1 }
release by_diagnosis: count by diagnosis  laplace epsilon 0.5
`,
    );
    const r = await run(dir, ['release', 'count.privspec', '--out', 'out']);
    assert.notEqual(r.code, 0, r.text);
    assert.match(r.text, /'anonymize --out by-age\.csv' published 'diagnosis' exactly/);
  });
});

describe('issue 36 — privspec anonymize --out writes nothing it cannot record', function () {
  this.timeout(60000);

  it('with a ledger registry that cannot be written, the file is refused (it was written without a ledger entry)', async () => {
    const dir = workspace();
    // A registry under a regular file: no folder can be made there (ENOTDIR), as with a read-only or foreign folder.
    writeFileSync(join(dir, 'not-a-folder'), '');
    const saved = process.env.PRIVSPEC_LEDGER_DIR;
    process.env.PRIVSPEC_LEDGER_DIR = join(dir, 'not-a-folder', 'ledgers');
    try {
      const r = await run(dir, byOne('age', 'by-age.csv'));
      assert.notEqual(r.code, 0, r.text);
      assert.match(r.text, /not written: .*by-age\.csv: the ledger of .*people\.csv cannot be written/);
      assert.equal(existsSync(join(dir, 'by-age.csv')), false);
    } finally {
      process.env.PRIVSPEC_LEDGER_DIR = saved;
    }
  });
});
