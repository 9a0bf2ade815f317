import '../../engine/release/kinds/all-release-kinds.js'; // the kinds these functions ask (engine/release/kinds/)
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { exactColumns, linkedReleases } from '../../engine/release/linked-releases.js';

// Issue 21 item 2 — microdata releases that publish exactly what another release protects. On the base commit fc66cd9
// `check` said nothing about these specs, and the PRAM file held every declared column exactly (the example's
// diagnosis_pram.csv: exact sex, income, x and y beside the DP releases over them); each test below fails there.

const run = runIn;

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'privspec-linked-'));
  dirs.push(d);
  return d;
};

// The reproduction: age, zip quasi-identifying, diag sensitive; a PRAM release of diag and a generalize
// release.
const ROWS = [
  '1,34,10001,flu',
  '2,35,10002,cold',
  '3,36,10003,flu',
  '4,51,10011,asthma',
  '5,52,10012,flu',
  '6,53,10013,cold',
  '7,23,10021,cold',
  '8,24,10022,flu',
  '9,25,10023,asthma',
];
const DATA = `id,age,zip,diag\n${ROWS.join('\n')}\n`;
const SPEC = `dataset d from "d.csv" {
  quasi age, zip
  sensitive diag
  unit id
}
hierarchy age: intervals 10, 20
hierarchy zip: mask 1, 2, 5
hierarchy diag { "flu", "cold", "asthma" -> "*" }
anonymity { k 3  generalize age 1  generalize zip 2 }
release p: pram diag retain 0.5
release g: generalize`;

async function check(dir: string, file: string) {
  const r = await run(dir, ['check', file, '--format', 'json']);
  return (JSON.parse(r.out).diagnostics as { severity: string; code: string; message: string; line: number }[]).filter(
    (d) => d.severity === 'error',
  );
}

describe('issue 21 item 2 — microdata releases cannot publish what another release protects', () => {
  it('pram diag + generalize: an error naming both releases (g writes diag exactly, p randomizes it)', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'd.csv'), DATA);
    writeFileSync(join(dir, 's.privspec'), SPEC);
    const errors = await check(dir, 's.privspec');
    assert.deepEqual(
      errors.map((e) => e.code),
      ['linked-releases'],
    );
    assert.match(
      errors[0].message,
      /^'g' publishes exactly 'diag' \(a sensitive column, written as it is\), and 'p' protects it \(by randomizing it\)/,
    );
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out'])).code, 1);
  });

  it('with \'accept linked-releases "reason"\' it runs; the report repeats the reason; the PRAM file has no exact quasi-identifier', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'd.csv'), DATA);
    const reason = 'the PRAM file goes to the research partner, the generalized file stays internal';
    writeFileSync(
      join(dir, 's.privspec'),
      SPEC.replace('release g: generalize', `release g: generalize  accept linked-releases "${reason}"`),
    );
    assert.deepEqual(await check(dir, 's.privspec'), []);
    const r = await run(dir, ['release', 's.privspec', '--out', 'out']);
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'g.json'), 'utf8'));
    assert.deepEqual(report.accepts, ['linked-releases']);
    assert.deepEqual(report.acceptedBecause, { 'linked-releases': reason });
    // The PRAM file: the randomized diag and the quasi-identifiers at the pinned levels (age in tens, zip with two
    // digits masked), i.e. the same values the generalized file shows; the unit is never written.
    const [header, ...rows] = readFileSync(join(dir, 'out', 'p.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(header, 'age,zip,diag');
    const generalized = new Set(
      readFileSync(join(dir, 'out', 'g.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',').slice(0, 2).join(',')),
    );
    assert.equal(rows.length, 9);
    for (const row of rows) {
      const [age, zip, diag] = row.split(',');
      assert.match(age, /^\d0-\d9$/);
      assert.match(zip, /^100\*\*$/);
      assert.ok(['flu', 'cold', 'asthma'].includes(diag));
      assert.ok(generalized.has(`${age},${zip}`), row);
    }
  });

  it('the shipped example: diagnosis_pram.csv writes the randomized diagnosis and sex, age and zip generalized, and nothing else', async () => {
    const dir = temp();
    cpSync(resolve('examples'), dir, { recursive: true });
    assert.deepEqual(await check(dir, 'visits.privspec'), []);
    const r = await run(dir, ['release', 'visits.privspec', '--only', 'diagnosis_pram', '--out', 'out']);
    assert.equal(r.code, 0, r.err);
    const [header, ...rows] = readFileSync(join(dir, 'out', 'diagnosis_pram.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(header, 'age,sex,zip,diagnosis');
    // The spec pins age at level 2 of `intervals 5, 10, 20` (width 10) and zip at level 3 of `mask 1, 2, 3, 5`.
    for (const row of rows.slice(0, 500)) {
      const [age, , zip] = row.split(',');
      assert.match(age, /^\d+-\d+$/);
      assert.match(zip, /^\d\d\*\*\*$/);
    }
    // 21,062 rows, of which the classes that fail k = 3 or entropy 3-diversity are suppressed (the terminal says how
    // many).
    assert.match(r.err, /diagnosis_pram: \d+ rows suppressed/);
    assert.ok(rows.length < 21062 && rows.length > 21062 * 0.98);
  });

  it("the example's former generalized file would publish the inputs of the DP releases exactly: one error per pair of releases, naming each column", async () => {
    const dir = temp();
    cpSync(resolve('examples'), dir, { recursive: true });
    const spec = readFileSync(join(dir, 'visits.privspec'), 'utf8');
    writeFileSync(join(dir, 'visits.privspec'), `${spec}release public_file: generalize\n`);
    const errors = await check(dir, 'visits.privspec');
    // Issue 37 item 5: one error per pair (the seven releases beside public_file), its findings inside, one per column.
    // One sentence per direction: "'public_file' publishes exactly 'x', 'y' (…), and 'population' protects them".
    const findings = errors.map((e) =>
      [...e.message.matchAll(/'(\w+)' publishes exactly ([^;]*?), and '(\w+)' protects (?:it|them)/g)]
        .flatMap((m) => [...m[2].matchAll(/'(\w+)'(?: \([^)]*\))?/g)].map((c) => `${m[1]} ${c[1]} ${m[3]}`))
        .join(' + '),
    );
    assert.deepEqual(findings.sort(), [
      'public_file diagnosis diagnosis_pram + public_file sex diagnosis_pram',
      'public_file diagnosis top_diagnosis',
      'public_file income low_income',
      'public_file income mean_income',
      'public_file occupation per_occupation',
      'public_file sex visits_by_sex',
      'public_file x population + public_file y population',
    ]);
  });
});

describe('issue 21 item 2 — what each microdata release writes exactly', () => {
  const roles = {
    identifying: ['name'],
    quasi: ['age', 'sex'],
    sensitive: ['diag'],
    insensitive: ['income'],
    unit: 'id',
  };
  it('generalize: sensitive and insensitive columns, and quasi-identifiers pinned at 0 or not pinned', () => {
    const exact = exactColumns(
      { kind: 'generalize' },
      {
        roles,
        anonymity: true,
        pins: new Map([
          ['age', 1],
          ['sex', 0],
        ]),
      },
    );
    assert.deepEqual([...exact.keys()].sort(), ['diag', 'income', 'sex']);
    const unpinned = exactColumns({ kind: 'generalize' }, { roles, anonymity: true, pins: new Map() });
    assert.deepEqual([...unpinned.keys()].sort(), ['age', 'diag', 'income', 'sex']);
  });
  it('pram: only quasi-identifiers it does not randomize, at level 0; none without an anonymity block', () => {
    const q = { kind: 'pram' as const, columns: ['diag', 'sex'], retain: 0.5, invariant: false };
    assert.deepEqual(
      [
        ...exactColumns(q, {
          roles,
          anonymity: true,
          pins: new Map([
            ['age', 0],
            ['sex', 0],
          ]),
        }).keys(),
      ],
      ['age'],
    );
    assert.deepEqual([...exactColumns(q, { roles, anonymity: false, pins: new Map() }).keys()], []);
  });
  it('an acceptance on either release of the pair covers it, with its reason', () => {
    const layout = {
      roles,
      anonymity: true,
      pins: new Map([
        ['age', 1],
        ['sex', 1],
      ]),
    };
    const links = linkedReleases(
      [
        { name: 'g', query: { kind: 'generalize' }, accepts: [] },
        {
          name: 'm',
          query: { kind: 'mean', column: 'income', low: 0, high: 1, by: [] },
          mechanism: { kind: 'laplace', epsilon: 1 },
          accepts: ['linked-releases'],
          reasons: { 'linked-releases': 'why' },
        },
      ],
      layout,
    );
    assert.deepEqual(
      links.map((l) => [l.publisher, l.protector, l.column, l.accepted]),
      [['g', 'm', 'income', { by: 'm', reason: 'why' }]],
    );
  });
});

describe('issue 21 item 2 — an acceptance says why and accepts something', () => {
  it('an empty reason is an error; an acceptance that covers no link is a warning', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'd.csv'), DATA);
    writeFileSync(
      join(dir, 's.privspec'),
      SPEC.replace('release g: generalize', 'release g: generalize  accept linked-releases "  "'),
    );
    const errors = await check(dir, 's.privspec');
    assert.deepEqual(
      errors.map((e) => e.code),
      ['missing-parameter'],
    );
    assert.match(errors[0].message, /needs the reason in words/);
    writeFileSync(
      join(dir, 't.privspec'),
      SPEC.replace('release p: pram diag retain 0.5\n', '').replace(
        'release g: generalize',
        'release g: generalize  accept linked-releases "nothing to link"',
      ),
    );
    const r = await run(dir, ['check', 't.privspec', '--format', 'json']);
    const warnings = (JSON.parse(r.out).diagnostics as { severity: string; code: string; message: string }[]).filter(
      (d) => d.code === 'linked-releases',
    );
    // Information, not a warning: the clause may accept links with another spec's releases of the same data, which only
    // the ledger knows (issue 36 item 3).
    assert.deepEqual(
      warnings.map((w) => w.severity),
      ['info'],
    );
    assert.match(warnings[0].message, /^'g' accepts linked-releases, but links with no release of this spec/);
  });
});

// Review finding after issue 21: a file at a coarser level still answers DP releases over its columns. With age pinned
// at 10-year bands and no suppression, the generalized file's row count is the total a plain `count` perturbs and its
// rows with age 20-29 are the count `age in 20..29` perturbs (hand-checked: 300 rows, 77 in 20-29, in the reviewer's
// table); `check` said nothing. Both DP releases are now linked to the file, and to a PRAM file that writes age too.
describe('linked releases: a generalized or PRAM file answers DP releases over the columns it writes (review finding)', () => {
  const spec = (micro: string) => `dataset d from "d.csv" { identifying name  quasi sex, age  sensitive diag }
hierarchy sex { "M", "F" -> "*" }
hierarchy age: intervals 10, 20
hierarchy diag { "A", "B", "C" -> "*" }
anonymity { k 2  generalize age 1  generalize sex 1  suppression 0% }
budget { epsilon 1 }
release total: count laplace epsilon 0.1
release young: count where age in 20..29 laplace epsilon 0.1
release by_diag: count by diag laplace epsilon 0.1
${micro}
`;
  const rows = Array.from({ length: 12 }, (_, i) => `N${i},${i % 2 ? 'M' : 'F'},${20 + i * 3},${'ABC'[i % 3]}`);
  const setup = (micro: string) => {
    const dir = temp();
    writeFileSync(join(dir, 'd.csv'), `name,sex,age,diag\n${rows.join('\n')}\n`);
    writeFileSync(join(dir, 's.privspec'), spec(micro));
    return dir;
  };
  const linksOf = async (dir: string) => {
    const r = await run(dir, ['check', 's.privspec', '--format', 'json']);
    return (JSON.parse(r.out).diagnostics as { code: string; message: string }[])
      .filter((d) => d.code === 'linked-releases' && /answers/.test(d.message))
      .map((d) => /'(\w+)' publishes .* answers '(\w+)'/.exec(d.message)!.slice(1).join('→'))
      .sort();
  };

  it('generalize: the total and the age region are linked (and diag, written exactly, as before)', async () => {
    assert.deepEqual(await linksOf(setup('release g: generalize')), ['g→total', 'g→young']);
  });

  it('pram of diag: the file writes age (generalized) and its rows, so the total and the age region are linked; by_diag is not (diag is randomized)', async () => {
    assert.deepEqual(await linksOf(setup('release p: pram diag retain 0.5')), ['p→total', 'p→young']);
  });

  it('the release is refused while the link stands unaccepted', async () => {
    const refused = setup('release g: generalize');
    const r = await run(refused, ['release', 's.privspec', '--out', 'out']);
    assert.equal(r.code, 1);
    assert.match(r.err + r.out, /linked-releases|answers 'total'/);
  });
});

// Second review after issue 21: a condition on a column the PRAM file leaves out (`income in 0..100`, every row) turned
// the link off, and a PRAM that keeps every value (retain 1, an identity matrix) counted as randomizing its column.
describe('linked releases: padding conditions and PRAM that randomizes nothing (second review)', () => {
  const base = `dataset d from "d.csv" { unit pid  quasi age, sex  sensitive diag  insensitive income }
hierarchy age: intervals 10, 20
hierarchy sex { "M", "F" -> "*" }
hierarchy diag { "a", "b", "c" -> "*" }
anonymity { k 2  generalize age 1  generalize sex 0  suppression 0% }
budget { epsilon 1 }
`;
  const rows = Array.from({ length: 12 }, (_, i) => `${i},${20 + i * 3},${i % 2 ? 'M' : 'F'},${'abc'[i % 3]},${i * 7}`);
  const setup = (releases: string, extra: Record<string, string> = {}) => {
    const dir = temp();
    writeFileSync(join(dir, 'd.csv'), `pid,age,sex,diag,income\n${rows.join('\n')}\n`);
    writeFileSync(join(dir, 's.privspec'), base + releases);
    for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
    return dir;
  };
  const errors = async (dir: string) =>
    (
      JSON.parse((await run(dir, ['check', 's.privspec', '--format', 'json'])).out).diagnostics as {
        severity: string;
        code: string;
        message: string;
      }[]
    ).filter((d) => d.severity === 'error');

  it("a count over the file's age band padded with a condition on income (not in the file) is still linked", async () => {
    const e = await errors(
      setup(
        'release p: pram diag, sex retain 0.8\nrelease c: count where age in 20..29 and income in 0..100 bound unit rows 1 laplace epsilon 0.5\n',
      ),
    );
    assert.ok(
      e.some((d) => d.code === 'linked-releases' && /'p' publishes 'age' .* which 'c' reads/.test(d.message)),
      JSON.stringify(e),
    );
  });

  it('retain 1 is an error in check (local ε infinite), and an identity matrix is refused by the release', async () => {
    const e = await errors(setup('release p: pram sex retain 1\n'));
    assert.ok(
      e.some((d) => d.code === 'pram-epsilon-high' && /keeps every value: local ε is infinite/.test(d.message)),
      JSON.stringify(e),
    );
    const dir = setup('release p: pram sex matrix "m.csv"\n', { 'm.csv': 'sex,M,F\nM,1,0\nF,0,1\n' });
    const r = await run(dir, ['release', 's.privspec', '--out', 'out']);
    assert.notEqual(r.code, 0);
    assert.match(r.out + r.err, /keeps a value with certainty \(local ε is infinite/);
  });
});
