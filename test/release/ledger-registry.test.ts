import { strict as assert } from 'node:assert';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ledgerRegistry } from '../../engine/host/ledger/dataset-identity.js';
import { runIn } from '../helpers/run-cli.js';
import { dataSha256, ledgerOfLogText } from '../helpers/ledger.js';

// Issue 36 items 1 and 2 — one budget per dataset on this machine. A hard link of the data in another folder (same
// inode, same bytes) got a fresh ledger, and so did a copy, a renamed or a moved file: the ledger lay beside the data.
// Ledgers now live in one per-user registry keyed by the SHA-256 of the bytes; the folder beside the data keeps a
// pointer. Each test names its own registry (PRIVSPEC_LEDGER_DIR), so that two folders share one, as two folders of
// one user do.

const DATA = 'uid,sex,age\nu1,F,30\nu2,M,40\nu3,F,50\n';
// ε 60 of 100 per run: a second run through any path needs 60 where 40 remain.
const SPEC = `dataset d from "d.csv" { quasi sex  insensitive age  unit uid }
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 100 }
release c: count by sex  bound unit groups 1 rows 1  laplace epsilon 60
`;

describe('issue 36 — one ledger per dataset in the per-user registry', () => {
  let root: string;
  let saved: string | undefined;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'privspec-registry-'));
    saved = process.env.PRIVSPEC_LEDGER_DIR;
    process.env.PRIVSPEC_LEDGER_DIR = join(root, 'registry');
  });
  afterEach(() => {
    process.env.PRIVSPEC_LEDGER_DIR = saved;
    rmSync(root, { recursive: true, force: true });
  });
  /** A folder holding `d.csv` (written, or placed by `place`) and the spec. */
  const folder = (name: string, place?: (file: string) => void) => {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    if (place) place(join(dir, 'd.csv'));
    else writeFileSync(join(dir, 'd.csv'), DATA);
    writeFileSync(join(dir, 's.privspec'), SPEC);
    return dir;
  };
  const release = (dir: string) => runIn(dir, ['release', 's.privspec', '--out', 'out']);
  const refusedOverBudget = (r: { code: number; out: string }) => {
    assert.equal(r.code, 1, r.out);
    assert.match(
      r.out,
      /c: refused: not run: the ledger .*ledger-[0-9a-f]{64}\.jsonl has no budget left for it\. needs ε 60, ε 40 remains/,
    );
  };

  for (const [what, place] of [
    ['a copy in another folder', (a: string, b: string) => copyFileSync(a, b)],
    ['a hard link in another folder (same inode)', (a: string, b: string) => linkSync(a, b)],
  ] as const) {
    it(`${what} shares the one budget: the second release is refused over budget`, async () => {
      const a = folder('a');
      const b = folder('b', (file) => place(join(a, 'd.csv'), file));
      assert.equal((await release(a)).code, 0);
      refusedOverBudget(await release(b));
      const ledger = join(root, 'registry', `ledger-${dataSha256(join(a, 'd.csv'))}.jsonl`);
      assert.equal(ledgerOfLogText(readFileSync(ledger, 'utf8')).entries.length, 1);
    });
  }

  it('a renamed and a moved data file keep their budget', async () => {
    const a = folder('a');
    assert.equal((await release(a)).code, 0);
    renameSync(join(a, 'd.csv'), join(a, 'renamed.csv'));
    writeFileSync(join(a, 's.privspec'), SPEC.replace('"d.csv"', '"renamed.csv"'));
    refusedOverBudget(await release(a));
    const b = folder('moved', (file) => renameSync(join(a, 'renamed.csv'), file));
    refusedOverBudget(await release(b));
  });

  it('a ledger an earlier version kept beside the data still counts, and is migrated once (kept, renamed)', async () => {
    const a = folder('a');
    const sha = dataSha256(join(a, 'd.csv'));
    const beside = join(a, '.privspec-ledger');
    mkdirSync(beside);
    // What the former version wrote after one ε 60 spend: the ledger (version 2) and its marker.
    const old = {
      version: 2,
      id: '0123456789abcdef',
      data: { file: join(a, 'd.csv'), sha256: sha },
      limit: { accounting: 'pure', amount: { epsilon: 100 } },
      raises: [],
      entries: [
        {
          id: 'aaaaaaaaaaaa',
          release: 'c',
          at: '2026-11-01T00:00:00.000Z',
          costs: {
            pure: { kind: 'pure', epsilon: 60 },
            approx: { kind: 'approx', epsilon: 60, delta: 0 },
            zcdp: { kind: 'zcdp', rho: 1800 },
          },
          userLevel: true,
          spec: join(a, 's.privspec'),
          limit: { accounting: 'pure', amount: { epsilon: 100 } },
        },
      ],
    };
    writeFileSync(join(beside, `ledger-${sha}.json`), JSON.stringify(old));
    writeFileSync(join(beside, `ledger-${sha}.seen`), JSON.stringify({ ledger: old.id, records: 1 }));
    // The old spend counts: ε 60 more does not fit.
    refusedOverBudget(await release(a));
    // A refusal writes nothing, so the old ledger is still where it was; a spend that fits migrates it.
    writeFileSync(join(a, 's.privspec'), SPEC.replace('epsilon 60', 'epsilon 10'));
    const fits = await release(a);
    assert.equal(fits.code, 0, fits.out + fits.err);
    assert.equal(existsSync(join(beside, `ledger-${sha}.json`)), false, 'the old ledger is moved aside');
    assert.equal(existsSync(join(beside, `ledger-${sha}.migrated.json`)), true, 'and kept');
    const registry = ledgerOfLogText(readFileSync(join(root, 'registry', `ledger-${sha}.jsonl`), 'utf8'));
    assert.deepEqual(
      registry.entries.map((e: { id: string }) => e.id)[0],
      'aaaaaaaaaaaa',
      'the old spend is in the registry',
    );
    assert.equal(registry.id, old.id, 'reports keep citing one ledger id');
    // ε 60 + 10 = 70 of 100: a copy in another folder has 30 left.
    const b = folder('b', (file) => copyFileSync(join(a, 'd.csv'), file));
    writeFileSync(join(b, 's.privspec'), SPEC.replace('epsilon 60', 'epsilon 40'));
    const over = await release(b);
    assert.equal(over.code, 1);
    assert.match(over.out, /needs ε 40, ε 30 remains/);
  });

  it('the registry is PRIVSPEC_LEDGER_DIR, else $XDG_DATA_HOME/privspec/ledgers, else ~/.local/share/privspec/ledgers', () => {
    const xdg = process.env.XDG_DATA_HOME;
    try {
      assert.equal(ledgerRegistry(), join(root, 'registry'));
      delete process.env.PRIVSPEC_LEDGER_DIR;
      process.env.XDG_DATA_HOME = join(root, 'xdg');
      assert.equal(ledgerRegistry(), join(root, 'xdg', 'privspec', 'ledgers'));
      // The XDG Base Directory specification: a relative path is invalid and ignored.
      process.env.XDG_DATA_HOME = 'relative';
      assert.equal(ledgerRegistry(), join(homedir(), '.local', 'share', 'privspec', 'ledgers'));
      delete process.env.XDG_DATA_HOME;
      assert.equal(ledgerRegistry(), join(homedir(), '.local', 'share', 'privspec', 'ledgers'));
    } finally {
      if (xdg === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = xdg;
    }
  });
});
