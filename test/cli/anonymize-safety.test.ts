import { strict as assert } from 'node:assert';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

async function anonymize(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await runCli(['anonymize', ...args], { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

/** ARX's seven-record example (test/engine/search/arx-example.ts) with the identifiers a real extract carries. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-anonymize-safety-'));
  mkdirSync(join(dir, 'data'));
  const people = [
    ['34', 'male', '81667', 'flu'],
    ['45', 'female', '81675', 'cold'],
    ['66', 'male', '81925', 'flu'],
    ['70', 'female', '81931', 'cancer'],
    ['34', 'female', '81931', 'flu'],
    ['70', 'male', '81931', 'cold'],
    ['45', 'male', '81931', 'cancer'],
  ];
  const rows = people.map((p, i) =>
    [`P${100 + i}`, `Person ${i}`, `123-45-${6700 + i}`, ...p, `${30000 + 1000 * i}`].join(','),
  );
  writeFileSync(
    join(dir, 'data', 'people.csv'),
    `patient_id,name,ssn,age,gender,zipcode,diagnosis,income\n${rows.join('\n')}\n`,
  );
  writeFileSync(join(dir, 'data', 'age.csv'), '34;<50;*\n45;<50;*\n66;>=50;*\n70;>=50;*\n');
  writeFileSync(join(dir, 'data', 'gender.csv'), 'male;*\nfemale;*\n');
  writeFileSync(
    join(dir, 'data', 'zip.csv'),
    ['81667', '81675', '81925', '81931'].map((z) => [z, `${z.slice(0, 3)}**`, '*****'].join(';')).join('\n'),
  );
  writeFileSync(join(dir, 'data', 'diagnosis.csv'), 'flu;respiratory;*\ncold;respiratory;*\ncancer;other;*\n');
  return dir;
}

const BASE = [
  'data/people.csv',
  '--qi',
  'age,gender,zipcode',
  '--hierarchy',
  'age=data/age.csv',
  '--hierarchy',
  'gender=data/gender.csv',
  '--hierarchy',
  'zipcode=data/zip.csv',
  '--k',
  '2',
];
const SENSITIVE_HIERARCHY = [
  '--t',
  '0.6',
  '--sensitive',
  'diagnosis',
  '--t-distance',
  'hierarchical',
  '--sensitive-hierarchy',
  'data/diagnosis.csv',
];

describe('issue 10 item 1 — anonymize: no output may replace an input, by any route', () => {
  const dir = workspace();
  const inputs = ['people.csv', 'age.csv', 'gender.csv', 'zip.csv', 'diagnosis.csv'];
  const before = new Map(inputs.map((f) => [f, readFileSync(join(dir, 'data', f), 'utf8')]));
  symlinkSync(join(dir, 'data'), join(dir, 'alias'));
  mkdirSync(join(dir, 'sub'));
  linkSync(join(dir, 'data', 'people.csv'), join(dir, 'sub', 'hard-link.csv'));
  symlinkSync(join(dir, 'data', 'zip.csv'), join(dir, 'sub', 'planted.csv'));
  linkSync(join(dir, 'data', 'gender.csv'), join(dir, 'sub', 'gender-link.csv'));

  const routes: { route: string; args: string[]; output: string; input: string }[] = [
    {
      route: 'the CSV itself',
      args: ['--out', 'data/people.csv'],
      output: 'data/people.csv',
      input: 'data/people.csv',
    },
    {
      route: "'..' segments",
      args: ['--out', 'sub/../data/people.csv'],
      output: 'data/people.csv',
      input: 'data/people.csv',
    },
    {
      route: 'a symlinked folder',
      args: ['--out', 'alias/people.csv'],
      output: 'alias/people.csv',
      input: 'data/people.csv',
    },
    {
      route: 'a hard link to the CSV',
      args: ['--out', 'sub/hard-link.csv'],
      output: 'sub/hard-link.csv',
      input: 'data/people.csv',
    },
    {
      route: 'a symlink planted at the output name',
      args: ['--out', 'sub/planted.csv'],
      output: 'sub/planted.csv',
      input: 'data/zip.csv',
    },
    {
      route: 'a hierarchy file',
      args: ['--out', 'data/gender.csv'],
      output: 'data/gender.csv',
      input: 'data/gender.csv',
    },
    {
      route: 'a hard link to a hierarchy',
      args: ['--out', 'sub/gender-link.csv'],
      output: 'sub/gender-link.csv',
      input: 'data/gender.csv',
    },
    {
      route: 'a hierarchy through a symlinked folder',
      args: ['--out', 'alias/age.csv'],
      output: 'alias/age.csv',
      input: 'data/age.csv',
    },
    {
      route: 'the report over the CSV',
      args: ['--out', 'sub/new.csv', '--report', 'alias/people.csv'],
      output: 'alias/people.csv',
      input: 'data/people.csv',
    },
    {
      route: 'the report over the sensitive hierarchy',
      args: [...SENSITIVE_HIERARCHY, '--report', 'data/diagnosis.csv'],
      output: 'data/diagnosis.csv',
      input: 'data/diagnosis.csv',
    },
    {
      route: "the sensitive hierarchy through '..' and a symlinked folder",
      args: [...SENSITIVE_HIERARCHY, '--out', 'sub/../alias/diagnosis.csv'],
      output: 'alias/diagnosis.csv',
      input: 'data/diagnosis.csv',
    },
  ];
  for (const { route, args, output, input } of routes) {
    it(`refuses ${route}: exit 2, one line naming both paths, nothing written`, async () => {
      const r = await anonymize([...BASE, ...args], dir);
      assert.equal(r.code, 2, r.err);
      assert.equal(r.out, '');
      assert.equal(r.err.split('\n').length, 2, r.err);
      assert.ok(r.err.includes(output) || r.err.includes(join(dir, output)), r.err);
      assert.ok(r.err.includes(input), r.err);
      for (const [f, text] of before) assert.equal(readFileSync(join(dir, 'data', f), 'utf8'), text, `${f} unchanged`);
      assert.ok(!existsSync(join(dir, 'sub', 'new.csv')), 'the other output is not written either');
    });
  }

  it('refuses --out and --report naming one file', async () => {
    const r = await anonymize([...BASE, '--out', 'sub/same.csv', '--report', 'sub/../sub/same.csv'], dir);
    assert.equal(r.code, 2);
    // The --out file is no input: the message names each file by its role (issue 26's review).
    assert.equal(
      r.err,
      'privspec anonymize: the report file sub/../sub/same.csv and the output file sub/same.csv are one file; give the report its own name\n',
    );
    assert.doesNotMatch(r.err, /input/);
    assert.equal(r.err.split('\n').length, 2, r.err);
    assert.ok(!existsSync(join(dir, 'sub', 'same.csv')));
  });

  it('still writes a new file beside the inputs, leaving them as they were', async () => {
    const r = await anonymize([...BASE, '--out', 'alias/released.csv', '--json'], dir);
    assert.equal(r.code, 0, r.err);
    assert.ok(existsSync(join(dir, 'data', 'released.csv')));
    for (const [f, text] of before) assert.equal(readFileSync(join(dir, 'data', f), 'utf8'), text);
  });
});

describe('issue 10 item 4 — identifiers never leave by default', () => {
  const dir = workspace();
  const header = (file: string) => readFileSync(join(dir, file), 'utf8').split('\n')[0];
  const column = (file: string, name: string) => {
    const lines = readFileSync(join(dir, file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const j = lines[0].indexOf(name);
    return lines.slice(1).map((l) => l[j]);
  };

  it('removes every undeclared column and names them in the JSON (removedColumns) and the text', async () => {
    const json = await anonymize([...BASE, '--out', 'lattice.csv', '--json'], dir);
    assert.equal(json.code, 0, json.err);
    assert.deepEqual(JSON.parse(json.out).removedColumns, ['patient_id', 'name', 'ssn', 'diagnosis', 'income']);
    assert.equal(header('lattice.csv'), 'age,gender,zipcode');
    const written = readFileSync(join(dir, 'lattice.csv'), 'utf8');
    for (const identifier of ['P100', 'Person 0', '123-45-6700']) assert.ok(!written.includes(identifier), identifier);
    // lattice.csv exists now: a second run replaces it only with --force (issue 21 item 8).
    const text = await anonymize([...BASE, '--out', 'lattice.csv', '--force'], dir);
    assert.match(
      text.out,
      /^removed as identifying \(not declared\): patient_id, name, ssn, diagnosis, income; keep an insensitive column with --keep$/m,
    );
  });

  it('keeps the sensitive column and the --keep (insensitive) columns unchanged, in file order', async () => {
    const r = await anonymize(
      [...BASE, '--l', '2', '--sensitive', 'diagnosis', '--keep', 'income', '--out', 'kept.csv', '--json'],
      dir,
    );
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(JSON.parse(r.out).removedColumns, ['patient_id', 'name', 'ssn']);
    assert.equal(header('kept.csv'), 'age,gender,zipcode,diagnosis,income');
    assert.deepEqual(column('kept.csv', 'income').sort(), [
      '30000',
      '31000',
      '32000',
      '33000',
      '34000',
      '35000',
      '36000',
    ]);
  });

  it('the Mondrian path removes them too', async () => {
    const r = await anonymize([...BASE, '--algorithm', 'mondrian', '--out', 'mondrian.csv', '--json'], dir);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(JSON.parse(r.out).removedColumns, ['patient_id', 'name', 'ssn', 'diagnosis', 'income']);
    assert.equal(header('mondrian.csv'), 'age,gender,zipcode');
  });

  it('star mode is refused: starred records would be a class exempt from k (one generalization writer, issue 22)', async () => {
    const r = await anonymize([...BASE, '--suppression', '0.3', '--suppressed', 'star', '--out', 'star.csv'], dir);
    assert.equal(r.code, 2);
    assert.match(r.err, /--suppressed star is not offered/);
  });

  it('refuses --keep of a missing or already declared column', async () => {
    const missing = await anonymize([...BASE, '--keep', 'nope'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /no column 'nope'/);
    const twice = await anonymize([...BASE, '--keep', 'age'], dir);
    assert.equal(twice.code, 2);
    assert.match(twice.err, /--keep: 'age' is already declared as a quasi-identifier/);
  });

  it("the demo's command on examples/data/patients.csv writes patients-5-anonymous.csv without patient_id, name, ssn", async () => {
    const qi = 'age,sex,zip,occupation';
    const hierarchies = qi.split(',').flatMap((c) => ['--hierarchy', `${c}=examples/hierarchies/${c}.csv`]);
    const out = join(dir, 'patients-5-anonymous.csv');
    // The arguments of scripts/demo.mjs's anonymize step, on a copy of the data as the demo takes it: anonymize --out
    // records its run and row key beside the data it reads, never in the repository's examples/.
    copyFileSync('examples/data/patients.csv', join(dir, 'patients.csv'));
    const r = await anonymize(
      [
        join(dir, 'patients.csv'),
        '--qi',
        qi,
        ...hierarchies,
        '--k',
        '5',
        '--l',
        '2',
        '--sensitive',
        'diagnosis',
        '--suppression',
        '0.02',
        '--metric',
        'entropy',
        '--out',
        out,
        '--json',
      ],
      process.cwd(),
    );
    assert.equal(r.code, 0, r.err);
    assert.equal(readFileSync(out, 'utf8').split('\n')[0], 'age,sex,zip,occupation,diagnosis');
    assert.ok(JSON.parse(r.out).removedColumns.includes('ssn'));
    assert.ok(readdirSync(dir).includes('patients-5-anonymous.csv'));
  });
});
