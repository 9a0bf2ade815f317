import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runReleases } from '../../engine/host/run/release-runner.js';
import { withFileLock } from '../../engine/host/ledger/file-lock.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { ledgerFileSync } from '../helpers/ledger.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

// Issue 21 item 7 — an empty lock file wedged the ledger forever (`: > ledger.lock`: every run waited 30 s and failed
// "held by pid ?", never taking it over) — a full disk leaves exactly this. A lock file that is empty or does not
// parse, and is older than a few seconds, is now taken over by the same rename protocol as a dead owner's lock.

describe('issue 21 item 7 — locks that cannot wedge', function () {
  this.timeout(30_000);
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-lock-'));
    dirs.push(dir);
    useTestRegistryFor(dir);
    writeFileSync(join(dir, 'd.csv'), 'sex\nF\nM\nF\n');
    writeFileSync(
      join(dir, 's.privspec'),
      'dataset d from "d.csv" { quasi sex }\nhierarchy sex { "M", "F" -> "*" }\nbudget { epsilon 1 }\nrelease c: count by sex  laplace epsilon 0.5\n',
    );
    return dir;
  };
  /** A lock file left `content` and `age` seconds old, at the data's ledger. */
  const plant = (dir: string, content: string, age: number) => {
    const lock = `${ledgerFileSync(join(dir, 'd.csv'))}.lock`;
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, content);
    const then = new Date(Date.now() - age * 1000);
    utimesSync(lock, then, then);
    return lock;
  };
  // No wall-clock upper bound is asserted (a busy machine stretches any run): the original code waited out the lock
  // timeout and failed with a LockTimeoutError, so a run that succeeds took the lock over before its timeout, which is
  // what these tests check. The mocha timeout above is only a guard against a hang.
  const release = async (dir: string) => {
    const services = nodeServices();
    const input = await releaseInput(services, await loadSpec(join(dir, 's.privspec'), services));
    // Five seconds: the original code waits out the timeout and fails; the fix takes the lock over at once.
    return runReleases(input, { out: join(dir, 'out'), dryRun: false, lockTimeoutMs: 5000 });
  };

  for (const [what, content] of [
    ['an empty', ''],
    ['an unparsable', '{"pid": 12'],
    ['a half-written', '{'],
  ] as const) {
    it(`${what} lock file older than a few seconds is taken over: the run spends and writes`, async () => {
      const dir = fresh();
      const lock = plant(dir, content, 10);
      const report = await release(dir);
      assert.equal(report.releases[0].status, 'written', report.releases[0].message);
      assert.equal(existsSync(lock), false, 'the lock is released after the run');
    });
  }

  it("the issue's reproduction: `: > ledger.lock`, ten seconds old, is taken over at once instead of waiting out the timeout", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-lock-empty-'));
    dirs.push(dir);
    const target = join(dir, 'ledger.json');
    writeFileSync(`${target}.lock`, '');
    const then = new Date(Date.now() - 10_000);
    utimesSync(`${target}.lock`, then, then);
    // Taken over before the five-second timeout (which would throw), not waited out.
    assert.equal(await withFileLock(target, () => Promise.resolve('held'), { timeoutMs: 5000 }), 'held');
    assert.equal(existsSync(`${target}.lock`), false);
  });

  it('a fresh empty lock (a writer between its create and its write) is waited for, not taken at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-lock-fresh-'));
    dirs.push(dir);
    const target = join(dir, 'ledger.json');
    // A lower bound on the wait, which no load can break: the clock starts before the lock file is written, so the
    // file is never older than the wait, and it is taken over only once older than unreadableMs (1 s; 0.9 s allows
    // for the file system's coarser clock).
    const started = performance.now();
    writeFileSync(`${target}.lock`, '');
    await withFileLock(target, () => Promise.resolve(undefined), { unreadableMs: 1000, timeoutMs: 10_000 });
    assert.ok(performance.now() - started >= 900, `taken over after ${performance.now() - started} ms`);
  });
});
