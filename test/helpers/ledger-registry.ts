import { createHash } from 'node:crypto';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';

/**
 * Keeps every test's ledgers out of the real home. privspec keeps one ledger per dataset in a per-user registry
 * (engine/host/ledger/dataset-identity.ts); tests point it, through PRIVSPEC_LEDGER_DIR, at a temporary folder of this
 * process, removed at exit. Many tests write the same few bytes into fresh folders and expect a fresh budget, as each
 * folder had when ledgers lay beside the data, so a command run in folder F (runIn) uses a registry of its own for F —
 * unless the test chose a registry itself (a test of sharing across folders sets PRIVSPEC_LEDGER_DIR, and that wins).
 * Imported by the run-cli and ledger helpers and by .mocharc.json, so `mocha --no-config` runs get it too.
 */
interface State {
  root: string;
  /** The registry this helper last set; undefined when the environment named one before the tests began. */
  ours?: string;
}

// One state per process, whether this file was loaded by mocha's `require` (CommonJS) or imported (ESM): two module
// instances must not each make a root.
const KEY = Symbol.for('privspec.testLedgerRegistry');
const state: State = ((globalThis as Record<symbol, State>)[KEY] ??= (() => {
  const root = mkdtempSync(join(tmpdir(), 'privspec-test-ledgers-'));
  process.on('exit', () => rmSync(root, { recursive: true, force: true }));
  const s: State = { root };
  // Mocha's parallel workers are forked from a process that ran this file already, and inherit the registry it chose:
  // that one (marked by PRIVSPEC_TEST_LEDGER_DEFAULT) is replaced by this process's own, or every worker would share
  // the parent's registry and useTestRegistryFor would never switch.
  const inherited = process.env.PRIVSPEC_LEDGER_DIR;
  if (!inherited || inherited === process.env.PRIVSPEC_TEST_LEDGER_DEFAULT) {
    s.ours = join(root, 'default');
    process.env.PRIVSPEC_LEDGER_DIR = s.ours;
    process.env.PRIVSPEC_TEST_LEDGER_DEFAULT = s.ours;
  }
  return s;
})());

/** Points the registry at the one of folder `cwd`, unless the test set PRIVSPEC_LEDGER_DIR itself. */
export function useTestRegistryFor(cwd: string): void {
  if (state.ours === undefined) return;
  // A registry under this process's root is one this helper chose (a test that saved and restored one of them puts
  // back an earlier choice); any other was set by the test itself, and stays.
  const now = process.env.PRIVSPEC_LEDGER_DIR;
  if (now !== state.ours && !(now !== undefined && now.startsWith(`${state.root}${sep}`))) return;
  let real = cwd;
  try {
    real = realpathSync(cwd);
  } catch {
    // A folder that does not exist yet: its name is key enough.
  }
  state.ours = join(state.root, createHash('sha256').update(real).digest('hex').slice(0, 16));
  process.env.PRIVSPEC_LEDGER_DIR = state.ours;
}

/** The registry the engine uses now (what dataset-identity.ts computes, from the environment). */
export function testRegistry(): string {
  return process.env.PRIVSPEC_LEDGER_DIR ?? join(state.root, 'default');
}
