import { strict as assert } from 'node:assert';
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { ledgerResponse } from '../../language/lsp/ledger-request.js';
import { dataSha256, ledgerFileSync, ledgerOf } from '../helpers/ledger.js';
import { testRegistry, useTestRegistryFor } from '../helpers/ledger-registry.js';

// Issue 21 item 5 — one budget per dataset, however the spec is reached. The ledger was keyed by the spec's path: a
// symlink, a hard link, a copy or a renamed spec each got a fresh ε 100 on the same data; a deleted ledger silently
// restarted the budget; raising `budget { epsilon 100 }` to 1000 after spending was accepted and nothing recorded the
// budget a spend was checked against. Each reproduction below is the issue's, with `P` = privspec.

const DATA =
  'uid,name,ssn,sex,age,secret\nu1,Ann,111-22-3333,F,30,x\nu2,Bob,222-33-4444,M,40,y\nu3,Cy,333-44-5555,F,50,z\n';
const spec = (
  epsilon: number,
) => `dataset d from "d.csv" { identifying name, ssn  quasi sex  insensitive age  unit uid }
hierarchy sex { "M", "F" -> "*" }
budget { epsilon ${epsilon} }
release c: count by sex  bound unit groups 1 rows 1  laplace epsilon 40
`;

const run = runIn;

describe('issue 21 item 5 — one budget per dataset, however it is reached', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-dataset-ledger-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'd.csv'), DATA);
    writeFileSync(join(dir, 's.privspec'), spec(100));
    return dir;
  };
  const release = (dir: string, specFile: string, out = 'out') => run(dir, ['release', specFile, '--out', out]);
  const entries = (dir: string) =>
    ledgerOf(join(dir, 'd.csv'))!.entries as {
      id: string;
      release: string;
      limit?: unknown;
      spec?: string;
    }[];

  it('a symlink, a hard link, a copy and a renamed spec share the one ledger of the data (ε 40 + 40, then refused)', async () => {
    const dir = fresh();
    symlinkSync(join(dir, 's.privspec'), join(dir, 'link.privspec'));
    linkSync(join(dir, 's.privspec'), join(dir, 'hard.privspec'));
    copyFileSync(join(dir, 's.privspec'), join(dir, 'copy.privspec'));
    assert.equal((await release(dir, 's.privspec')).code, 0);
    assert.equal((await release(dir, 'link.privspec')).code, 0);
    // ε 40 + 40 = 80 of 100 spent through two paths: a third ε 40 does not fit, whichever path it comes by.
    for (const other of ['hard.privspec', 'copy.privspec']) {
      const r = await release(dir, other);
      assert.equal(r.code, 1, r.out);
      assert.match(
        r.out,
        /c: refused: not run: the ledger .*[\\/]ledger-[0-9a-f]{64}\.jsonl has no budget left for it\. needs ε 40, ε 20 remains/,
      );
    }
    renameSync(join(dir, 'copy.privspec'), join(dir, 'renamed.privspec'));
    assert.equal((await release(dir, 'renamed.privspec')).code, 1);
    assert.equal(entries(dir).length, 2);
    // The ledger lives in the registry, named by the SHA-256 of the data's bytes; beside the data only a pointer.
    assert.equal(dirname(ledgerFileSync(join(dir, 'd.csv'))), testRegistry());
    const pointer = JSON.parse(
      readFileSync(join(dir, '.privspec-ledger', `ledger-${dataSha256(join(dir, 'd.csv'))}.where.json`), 'utf8'),
    );
    assert.equal(pointer.ledger, ledgerFileSync(join(dir, 'd.csv')));
  });

  it('each entry records the limit it was checked against; a raised spec budget is refused until `budget raise` records it', async () => {
    const dir = fresh();
    assert.equal((await release(dir, 's.privspec')).code, 0);
    assert.deepEqual(entries(dir)[0].limit, { accounting: 'pure', amount: { epsilon: 100 } });
    writeFileSync(join(dir, 's.privspec'), spec(1000));
    const refused = await release(dir, 's.privspec');
    assert.equal(refused.code, 1);
    assert.match(
      refused.out,
      /c: refused: not run: the spec's budget ε 1000 exceeds the ledger's ε 100; .*privspec budget raise s\.privspec --to epsilon=1000 --reason "…"/,
    );
    assert.equal(entries(dir).length, 1, 'nothing spent');
    // A raise needs a reason, and only raises.
    assert.equal((await run(dir, ['budget', 'raise', 's.privspec', '--to', '1000'])).code, 2);
    const lower = await run(dir, ['budget', 'raise', 's.privspec', '--to', '50', '--reason', 'x']);
    assert.equal(lower.code, 1);
    assert.match(lower.err, /ε 50 is below the ledger's ε 100: a raise only raises/);
    const raised = await run(dir, [
      'budget',
      'raise',
      's.privspec',
      '--to',
      '1000',
      '--reason',
      'board approved 2026-11-25',
      '--json',
    ]);
    assert.equal(raised.code, 0, raised.err);
    assert.deepEqual(JSON.parse(raised.out).raise.to, { accounting: 'pure', amount: { epsilon: 1000 } });
    const ledger = ledgerOf(join(dir, 'd.csv'))!;
    assert.deepEqual(
      ledger.raises!.map((r: { from: unknown; to: unknown; reason: string }) => [r.from, r.to, r.reason]),
      [
        [
          { accounting: 'pure', amount: { epsilon: 100 } },
          { accounting: 'pure', amount: { epsilon: 1000 } },
          'board approved 2026-11-25',
        ],
      ],
    );
    assert.equal((await release(dir, 's.privspec')).code, 0);
    assert.deepEqual(entries(dir)[1].limit, { accounting: 'pure', amount: { epsilon: 1000 } });
    // A lower spec budget always applies as written: checked against min(spec, ledger).
    writeFileSync(join(dir, 's.privspec'), spec(100));
    const r = await release(dir, 's.privspec');
    assert.equal(r.code, 1);
    assert.match(r.out, /needs ε 40, ε 20 remains/);
  });

  it('the ledger view lists the raise with its reason, and the entries of every spec that read the data', async () => {
    const dir = fresh();
    copyFileSync(join(dir, 's.privspec'), join(dir, 'other.privspec'));
    assert.equal((await release(dir, 's.privspec')).code, 0);
    assert.equal(
      (await run(dir, ['budget', 'raise', 'other.privspec', '--to', '200', '--reason', 'second study'])).code,
      0,
    );
    const services = nodeServices();
    const document = await loadSpec(join(dir, 'other.privspec'), services);
    const view = await ledgerResponse(document);
    assert.equal(view.ledger, ledgerFileSync(join(dir, 'd.csv')));
    assert.deepEqual(
      view.entries.map((e) => e.release),
      ['c'],
    );
    assert.deepEqual(
      view.raises.map((r) => [r.from, r.to, r.reason]),
      [['ε 100', 'ε 200', 'second study']],
    );
  });

  it("a raise before any spend records nothing: the spec's budget applies as written", async () => {
    const dir = fresh();
    const r = await run(dir, ['budget', 'raise', 's.privspec', '--to', '1000', '--reason', 'x']);
    assert.equal(r.code, 1);
    assert.match(r.err, /nothing to raise: the ledger records no spend yet/);
  });

  it('a deleted ledger is refused while its marker remains, and by the outputs that cite it when the folder is gone', async () => {
    const dir = fresh();
    assert.equal((await release(dir, 's.privspec')).code, 0);
    const file = ledgerFileSync(join(dir, 'd.csv'));
    rmSync(file);
    const missing = await release(dir, 's.privspec');
    assert.equal(missing.code, 1);
    assert.match(
      missing.err,
      /the spend ledger of .*d\.csv is missing, but .*ledger-[0-9a-f]{64}\.seen says it held 1; it was deleted or rolled back — restore it from a backup/,
    );
    // Ledger and marker gone: the release report in the output folder names its ledger and entry.
    rmSync(dirname(file), { recursive: true });
    const orphaned = await release(dir, 's.privspec');
    assert.equal(orphaned.code, 1);
    assert.match(
      orphaned.err,
      /out[\\/]c\.json was released under entry [0-9a-f]{12} of ledger [0-9a-f]{16}, which .* does not hold: the data's ledger was deleted or replaced/,
    );
  });

  it('changed data is another dataset: its own ledger, and earlier reports of the old content are no trace of a deletion', async () => {
    const dir = fresh();
    assert.equal((await release(dir, 's.privspec')).code, 0);
    const before = ledgerFileSync(join(dir, 'd.csv'));
    writeFileSync(join(dir, 'd.csv'), `${DATA}u4,Dee,444-55-6666,M,60,w\n`);
    const r = await release(dir, 's.privspec');
    assert.equal(r.code, 0, r.out + r.err);
    // The limit of a ledger keyed by content (docs/dp.md): the new content starts a new ledger beside the old one.
    assert.notEqual(ledgerFileSync(join(dir, 'd.csv')), before);
    assert.equal(entries(dir).length, 1);
  });

  it("another dataset's unreadable ledger in the registry is that dataset's refusal, not this one's", async () => {
    const dir = fresh();
    assert.equal((await release(dir, 's.privspec')).code, 0);
    // The registry holds every dataset's ledger; the check for outputs citing a deleted ledger reads their ids. Before
    // the fix, one truncated ledger of other data made every release fail on its JSON ("position 2").
    const other = join(dirname(ledgerFileSync(join(dir, 'd.csv'))), `ledger-${'0'.repeat(64)}.json`);
    writeFileSync(other, '{ not json');
    const r = await release(dir, 's.privspec');
    assert.equal(r.code, 0, r.out + r.err);
    assert.equal(entries(dir).length, 2);
    assert.equal(readFileSync(other, 'utf8'), '{ not json');
  });

  it('a null ledger entry is a one-line refusal naming the entry, not "Cannot read properties of null"', async () => {
    const dir = fresh();
    assert.equal((await release(dir, 's.privspec')).code, 0);
    // The log (one record per line) with a null entry appended by hand.
    const file = ledgerFileSync(join(dir, 'd.csv'));
    const lines = readFileSync(file, 'utf8').split('\n').length;
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"entry":null}\n`);
    const r = await release(dir, 's.privspec');
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      new RegExp(
        `^privspec release: .*ledger-[0-9a-f]{64}\\.jsonl: cannot read the spend ledger \\(line ${lines}: an entry without an id, a release name or costs: \\{"entry":null\\}\\); refusing to run without it — restore it from a backup\\n$`,
      ),
    );
    assert.doesNotMatch(r.err, /Cannot read properties/);
  });

  it('a null entry in a ledger of the earlier whole-JSON format is refused the same way', async () => {
    const dir = fresh();
    useTestRegistryFor(dir);
    const file = ledgerFileSync(join(dir, 'd.csv')).replace(/\.jsonl$/, '.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ version: 2, id: 'abc', raises: [], entries: [null] }));
    const r = await release(dir, 's.privspec');
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      /^privspec release: .*ledger-[0-9a-f]{64}\.json: cannot read the spend ledger \(entry 1 of 1 is not a spend record \(null\)\); refusing to run without it — restore it from a backup\n$/,
    );
    assert.doesNotMatch(r.err, /Cannot read properties/);
  });
});
