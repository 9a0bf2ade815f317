/**
 * The spend ledger kept next to a spec (`<spec>.ledger.json`): every release run is recorded, with its cost in every
 * notion and the region it read, before its output is written. The ledger, not the spec, is the truth about what has
 * been spent: running a release twice spends twice.
 */
import { readFile } from 'node:fs/promises';
import type { PrivacyCost } from '../engine/core/measures.js';
import { writeFileAtomic } from './data/write-atomic.js';
import { composeSpends, costIn, type Amount } from './privspec-budget.js';
import type { Accounting, Box, Constraint, ReleasePlan } from './privspec-release-plan.js';

export interface LedgerEntry {
  release: string;
  /** ISO time of the run. */
  at: string;
  costs: ReleasePlan['costs'];
  /** The `where` region, so that disjoint releases keep composing in parallel across runs. */
  box?: Record<string, Constraint[]>;
  userLevel: boolean;
  /** Set when the run was seeded: such output is reproducible and therefore not private. */
  seed?: number;
}

export interface LedgerFile {
  version: 1;
  spec: string;
  entries: LedgerEntry[];
}

export function ledgerPath(specPath: string): string {
  return `${specPath}.ledger.json`;
}

export async function readLedger(specPath: string): Promise<LedgerFile> {
  try {
    const parsed = JSON.parse(await readFile(ledgerPath(specPath), 'utf8')) as LedgerFile;
    if (parsed.version !== 1 || !Array.isArray(parsed.entries)) throw new Error('unknown ledger format');
    return parsed;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, spec: specPath, entries: [] };
    throw new Error(`${ledgerPath(specPath)}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`);
  }
}

export async function writeLedger(specPath: string, ledger: LedgerFile): Promise<void> {
  await writeFileAtomic(ledgerPath(specPath), `${JSON.stringify(ledger, null, 2)}\n`);
}

export function entryFor(plan: ReleasePlan, seed: number | undefined): LedgerEntry {
  const box = plan.box ? Object.fromEntries([...plan.box].map(([k, v]) => [k, [...v]])) : undefined;
  return { release: plan.name, at: new Date().toISOString(), costs: plan.costs, box, userLevel: plan.userLevel, ...(seed === undefined ? {} : { seed }) };
}

/** A ledger entry seen as a plan, for the composition rules of `privspec-budget.ts`. */
function asSpend(e: LedgerEntry, accounting: Accounting): { cost: Amount; plan: ReleasePlan } | undefined {
  const box: Box | undefined = e.box ? new Map(Object.entries(e.box)) : undefined;
  const plan = { name: e.release, costs: e.costs as ReleasePlan['costs'], box, userLevel: e.userLevel, dp: true } as unknown as ReleasePlan;
  const cost = costIn(plan, accounting);
  return cost ? { cost, plan } : undefined;
}

/** The total the ledger's entries (plus `extra`) have spent under the accounting. */
export function ledgerTotal(entries: readonly LedgerEntry[], accounting: Accounting): Amount {
  const spends = entries.map((e) => asSpend(e, accounting)).filter((s): s is NonNullable<typeof s> => s !== undefined);
  return composeSpends(spends, accounting);
}

export function costOf(plan: ReleasePlan, accounting: Accounting): PrivacyCost | undefined {
  return plan.costs[accounting];
}
