/**
 * The spend ledger kept next to a spec (`<spec>.ledger.json`) as data: every release run is an entry with its
 * measurement's cost in every notion and the region it read, recorded before its output exists. The ledger, not the
 * spec, is the truth about what has been spent: running a release twice spends twice. Seeded runs are recorded but
 * marked not private and never count as spend, since reproducible noise protects nothing.
 */
import { composeSpends, type Amount } from './budget-walk.js';
import { costIn, type ReleaseCosts } from './release-costs.js';
import type { Accounting, Box, Constraint } from './release-description.js';

export interface LedgerEntry {
  /** A unique id, quoted in messages about this spend. */
  id: string;
  release: string;
  /** ISO time of the run. */
  at: string;
  costs: ReleaseCosts;
  /** The `where` region, so that disjoint releases keep composing in parallel across runs. */
  box?: Record<string, Constraint[]>;
  userLevel: boolean;
  /** Set for seeded runs: reproducible, so not private, and not part of the spend. */
  notPrivate?: true;
  /** The output files, filled in once written. */
  files?: string[];
}

export interface LedgerFile {
  version: 1;
  spec: string;
  entries: LedgerEntry[];
}

export function boxRecord(box: Box | undefined): Record<string, Constraint[]> | undefined {
  return box ? Object.fromEntries([...box].map(([k, v]) => [k, [...v]])) : undefined;
}

/** The entries that spend budget (seeded runs do not). */
export function spendingEntries(entries: readonly LedgerEntry[]): LedgerEntry[] {
  return entries.filter((e) => !e.notPrivate);
}

/** The total the ledger's spending entries have spent under the accounting; undefined entries' costs make it refuse. */
export function ledgerTotal(entries: readonly LedgerEntry[], accounting: Accounting): Amount {
  const spends = spendingEntries(entries).flatMap((e) => {
    const cost = costIn(e.costs, accounting);
    // A region that does not read back as finite numbers or text composes with everything (sequentially).
    const plan = { name: e.release, box: wellFormed(e.box) ? new Map(Object.entries(e.box!)) : undefined, userLevel: e.userLevel, costs: e.costs, dp: true };
    return cost ? [{ cost, plan }] : [];
  });
  return composeSpends(spends, accounting);
}

function wellFormed(box: Record<string, Constraint[]> | undefined): boolean {
  if (!box) return false;
  const ok = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
  return Object.values(box).every((cs) => Array.isArray(cs) && cs.every((c) => (c.kind === 'set' ? Array.isArray(c.values) && c.values.every(ok) : c.kind === 'range' && ok(c.low) && ok(c.high))));
}

/** Entries whose cost cannot be stated under the accounting (the ledger was kept in another notion). */
export function unstatedEntries(entries: readonly LedgerEntry[], accounting: Accounting): LedgerEntry[] {
  return spendingEntries(entries).filter((e) => !e.costs[accounting]);
}
