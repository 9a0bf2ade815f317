import { strict as assert } from 'node:assert';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { testRegistry, useTestRegistryFor } from '../helpers/ledger-registry.js';

/**
 * Issue 34's review: what undoes a shuffle stays its owner's. The row keys' folder is 0700 even when it stood there
 * looser, and never a symlink; an attack's match table scored against the truth (its `correct` column says which
 * released line is which person) is written 0600.
 */
const demo = join(import.meta.dirname, '..', '..', 'examples', 'attack-demo');
const mode = (path: string) => statSync(path).mode & 0o777;
const qi = ['--qi', 'age,sex,zip', '--hierarchy', 'age=age.csv', '--hierarchy', 'sex=sex.csv'];
const anonymize = (out: string) => [
  'anonymize',
  'original.csv',
  ...qi,
  '--hierarchy',
  'zip=zip.csv',
  '--k',
  '5',
  '--out',
  out,
];

describe('attack: the row key and the scored match table are private', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-attack-private-'));
    cpSync(demo, dir, { recursive: true });
    useTestRegistryFor(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('tightens a row-keys folder that stood there world-writable, and the key in it is 0600', async () => {
    // The row keys live beside the data's ledger, in the registry (docs/attack.md).
    const keys = join(testRegistry(), 'row-keys');
    mkdirSync(keys, { recursive: true });
    chmodSync(keys, 0o777);
    const r = await runIn(dir, anonymize('anon.csv'));
    assert.equal(r.code, 0, r.err);
    assert.equal(mode(keys), 0o700);
    const files = readdirSync(keys);
    assert.equal(files.length, 1);
    assert.equal(mode(join(keys, files[0])), 0o600);
  });

  it('refuses a row-keys folder that is a symlink (the key would land where it points)', async () => {
    const elsewhere = join(dir, 'public');
    mkdirSync(elsewhere);
    mkdirSync(testRegistry(), { recursive: true });
    symlinkSync(elsewhere, join(testRegistry(), 'row-keys'));
    const r = await runIn(dir, anonymize('anon.csv'));
    assert.deepEqual(readdirSync(elsewhere), []);
    assert.match(r.err, /row-keys is not a folder|row key/);
  });

  it('writes the match table scored against the truth with mode 0600', async () => {
    const made = await runIn(dir, anonymize('anon.csv'));
    assert.equal(made.code, 0, made.err);
    const args = [
      'attack',
      'anon.csv',
      'candidate.csv',
      ...qi,
      '--hierarchy',
      'zip=zip.csv',
      '--truth',
      'original.csv',
    ];
    const r = await runIn(dir, [...args, '--id', 'id', '--out', 'matches.csv', '--json']);
    assert.ok(r.code === 0 || r.code === 1, r.err);
    assert.equal(JSON.parse(r.out).alignment, 'row key');
    assert.equal(mode(join(dir, 'matches.csv')), 0o600);
  });
});
