/**
 * The spend ledger of one dataset (kept beside the data, named by its content digest:
 * engine/host/ledger/dataset-identity.ts) as data: every release run is an entry with its measurement's cost in every
 * notion, the region it read and the budget limit it was checked against, recorded before its output exists. The
 * ledger, not the spec, is the truth about what has been spent: running a release twice spends twice, and a spec's
 * budget above the ledger's limit is refused until the limit is raised by a recorded act (`raises`). Microdata runs
 * (PRAM, generalize) are entries with no central cost that name the columns they perturbed and their local ε. Seeded
 * runs are recorded but marked not private and never count as spend, since reproducible noise protects nothing.
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
  /** The spec that ran it (for the data owner: the ledger is never published). */
  spec?: string;
  /** The budget limit the spend was checked against. */
  limit?: LedgerLimit;
  /** Set for a microdata release: it spends no central budget; PRAM states the local ε of its randomization. */
  microdata?: { kind: 'pram' | 'generalize' | 'local'; columns: string[]; localEpsilon?: number };
  /** The microdata files the run wrote, each by content digest, with its private row key or why there is none. */
  released?: ReleasedFile[];
  /**
   * What the release published or read, so that a later release in any spec on the same data is checked against it
   * (engine/release/cross-spec-links.ts). Absent in entries written before it was recorded.
   */
  published?: PublishedRecord;
  /** The spec's reason when the release said `accept linked-releases "…"`. */
  acceptedLinks?: string;
}

/**
 * What one release made public, as its ledger entry records it. A microdata file (generalize, PRAM) lists every column
 * it writes with its hierarchy level (0: as it is), `'search'` where the generalization search chooses the level when
 * it runs, or `'pram'` where the values are randomized; a DP release lists the columns it reads (none: it perturbs a
 * count of rows).
 */
export interface PublishedRecord {
  readonly columns?: Readonly<Record<string, number | 'search' | 'pram'>>;
  /** The quasi-identifiers among the columns: the file's equivalence classes are their combinations. */
  readonly quasi?: readonly string[];
  /** The fraction of rows the anonymity block lets the search suppress. */
  readonly suppression?: number;
  /**
   * A fingerprint of what decides the levels marked `'search'` (the criteria, the suppression limit, the metric, the
   * pins and the hierarchies): on the same data, two searches with equal fingerprints choose equal levels.
   */
  readonly decidedBy?: string;
  readonly reads?: readonly string[];
}

/**
 * A microdata file a run wrote, as its ledger entry records it: the SHA-256 of its bytes (how `privspec attack` finds
 * it again, wherever the file has been copied), its number of records, and the name of its private row key in the
 * ledger folder's `row-keys/` (engine/host/ledger/row-key.ts) — or, when the rows carried no input row numbers
 * (streamed from a source), why no key was kept.
 */
export interface ReleasedFile {
  file: string;
  sha256: string;
  rows: number;
  rowKey?: string;
  noRowKey?: string;
}

/** A budget limit in the notion of its accounting. */
export interface LedgerLimit {
  accounting: Accounting;
  amount: Amount;
}

/** An explicit raise of the ledger's limit: `privspec budget raise … --reason`. */
export interface RaiseRecord {
  at: string;
  from: LedgerLimit;
  to: LedgerLimit;
  reason: string;
  spec: string;
}

export interface LedgerFile {
  /** 2: one ledger per dataset; 1: the former ledger beside a spec (read, never written). */
  version: 1 | 2;
  /**
   * A random id drawn when the ledger is first written, cited by every release report beside its entry id. Random, not
   * the data's digest: a digest in a published report would tell anyone holding a candidate table whether it is the
   * one.
   */
  id?: string;
  /** The data the ledger belongs to: its resolved path when first recorded, and its content digest. */
  data?: { file: string; sha256: string };
  spec?: string;
  /** The limit recorded with the first central spend, or the latest raise. */
  limit?: LedgerLimit;
  raises?: RaiseRecord[];
  entries: LedgerEntry[];
}

export function boxRecord(box: Box | undefined): Record<string, Constraint[]> | undefined {
  return box ? Object.fromEntries([...box].map(([k, v]) => [k, [...v]])) : undefined;
}

/**
 * The entry a run of `plan` would add, before it runs: what the meter, ▶ Run's affordability and the status bar's sum
 * compose with the ledger, as the runner composes the entry it records.
 */
export function plannedEntry(plan: {
  readonly name: string;
  readonly costs: ReleaseCosts;
  readonly box?: Box;
  readonly userLevel: boolean;
}): LedgerEntry {
  return {
    id: 'planned',
    release: plan.name,
    at: '',
    costs: plan.costs,
    box: boxRecord(plan.box),
    userLevel: plan.userLevel,
  };
}

/** The entries that spend central budget (seeded runs and microdata runs do not). */
export function spendingEntries(entries: readonly LedgerEntry[]): LedgerEntry[] {
  return entries.filter((e) => !e.notPrivate && e.microdata === undefined);
}

/** Whether a parsed record is a spend record: an object with an id, a release name and costs. */
export function isEntryShaped(e: unknown): e is LedgerEntry {
  const x = e as LedgerEntry | null;
  return (
    x !== null &&
    typeof x === 'object' &&
    typeof x.id === 'string' &&
    typeof x.release === 'string' &&
    x.costs !== null &&
    typeof x.costs === 'object'
  );
}

/**
 * Why a parsed ledger is not one, or undefined: every entry must be a record with an id, a release name and costs, so
 * that a hand-edited `null` is a refusal naming the entry rather than a crash.
 */
export function ledgerShapeProblem(parsed: unknown): string | undefined {
  const l = parsed as LedgerFile | null;
  if (l === null || typeof l !== 'object' || (l.version !== 1 && l.version !== 2) || !Array.isArray(l.entries))
    return 'unknown ledger format';
  const bad = l.entries.findIndex((e) => !isEntryShaped(e));
  if (bad >= 0)
    return `entry ${bad + 1} of ${l.entries.length} is not a spend record (${JSON.stringify(l.entries[bad])?.slice(0, 40)})`;
  if (l.raises !== undefined && !Array.isArray(l.raises)) return 'its raises are not a list';
  return undefined;
}

/** The ledger's spending entries as the budget walk reads them (their region, their costs). */
export function entrySpendables(entries: readonly LedgerEntry[]) {
  // A region that does not read back as finite numbers or text composes with everything (sequentially). Once any
  // spend on the data counted a privacy unit, all of them compose as per-unit spends: rows of one person may lie in
  // regions another spec called disjoint.
  const spending = spendingEntries(entries);
  const anyUnit = spending.some((e) => e.userLevel);
  return spending.map((e) => ({
    name: e.release,
    box: wellFormed(e.box) ? new Map(Object.entries(e.box!)) : undefined,
    userLevel: anyUnit || e.userLevel,
    costs: e.costs,
    dp: true,
  }));
}

/** The total the ledger's spending entries have spent under the accounting; undefined entries' costs make it refuse. */
export function ledgerTotal(entries: readonly LedgerEntry[], accounting: Accounting): Amount {
  const spends = entrySpendables(entries).flatMap((plan) => {
    const cost = costIn(plan.costs, accounting);
    return cost ? [{ cost, plan }] : [];
  });
  return composeSpends(spends, accounting);
}

export function wellFormed(box: Record<string, Constraint[]> | undefined): boolean {
  if (!box) return false;
  const ok = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
  return Object.values(box).every(
    (cs) =>
      Array.isArray(cs) &&
      cs.every((c) =>
        c.kind === 'set'
          ? Array.isArray(c.values) && c.values.every(ok)
          : c.kind === 'range' && ok(c.low) && ok(c.high),
      ),
  );
}

/** Entries whose cost cannot be stated under the accounting (the ledger was kept in another notion). */
export function unstatedEntries(entries: readonly LedgerEntry[], accounting: Accounting): LedgerEntry[] {
  return spendingEntries(entries).filter((e) => !e.costs[accounting]);
}
