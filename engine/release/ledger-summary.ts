/**
 * The running summary of a dataset's ledger: everything a spend is checked against, kept up to date one record at a
 * time, so that checking and recording a spend costs the same whatever the ledger's length. The entries stay the audit
 * log (engine/host/ledger/ledger-log.ts); the summary is derived from them and can always be rebuilt from them.
 *
 * It holds, per accounting notion, the exact sums of the spends that read every row (or that count persons) and, for
 * the spends boxed by a `where` region, one record per distinct region (keyed by its canonical form) with the exact sum
 * of its costs. Releases of one region all share a row, so a clique of the overlap graph holds all of them or none:
 * the heaviest clique over distinct regions weighted by their sums is the heaviest clique over the entries (a region
 * that cannot hold a row at all meets no copy of itself, and is weighted by its heaviest spend instead). Besides: the
 * limit, how often each release ran, the first spends that make a ledger mixed or unstated in a notion, the PRAM runs
 * and the distinct published records for the cross-spec link check.
 */
import { LOCALLY_RANDOMIZED } from './kinds/prepared-release.js';
import { PrivacyError } from '../core/measures.js';
import { add, fromDecimal, rational, type Rational } from '../core/rational.js';
import { boxesOverlap } from './box-overlap.js';
import { composeSpends, mainKey } from './budget-walk.js';
import { costIn } from './release-costs.js';
import {
  wellFormed,
  type LedgerEntry,
  type LedgerFile,
  type LedgerLimit,
  type PublishedRecord,
  type RaiseRecord,
} from './ledger-entry.js';
import type { Accounting, Constraint } from './release-description.js';

export const ACCOUNTINGS: readonly Accounting[] = ['pure', 'approx', 'zcdp'];

/** A cost in one notion: its main figure (ε or ρ) and δ, as doubles (to compare) and exactly (to add). */
export interface SummaryWeight {
  main: number;
  delta: number;
  /** Exact sums as `numerator/denominator`. */
  mainExact: string;
  deltaExact: string;
}

export interface SummaryRegion {
  /** The canonical form of the region: its columns sorted, each column's constraints sorted. */
  key: string;
  box: Record<string, Constraint[]>;
  /** Whether the region can hold a row, i.e. meets itself; a region that cannot is weighted by its heaviest spend. */
  overlapsItself: boolean;
  /** Per notion: the sum of the region's spends and the heaviest one. */
  costs: Partial<Record<Accounting, { sum: SummaryWeight; max: SummaryWeight }>>;
}

/**
 * A run that randomized columns unit by unit (PRAM, or a local DP release: `kind` 'local'), as the re-run rule of
 * release-spend.ts quotes it.
 */
export interface PramRun {
  id: string;
  kind?: 'local';
  release: string;
  at: string;
  columns: string[];
  localEpsilon?: number;
}

/**
 * Entries that published the same record from the same release and spec with the same acceptance link identically
 * with any new release; the first of them stands for all, with their count.
 */
export interface PublishedGroup {
  id: string;
  release: string;
  spec?: string;
  at: string;
  published: PublishedRecord;
  acceptedLinks?: string;
  count: number;
}

export interface LedgerSummary {
  /** How many entries and raises the summary has taken in. */
  entries: number;
  raises: number;
  limit?: LedgerLimit;
  /** How many entries each release name has (every entry, seeded and microdata ones included). */
  runs: Record<string, number>;
  /** Per notion, the spending entries whose cost cannot be stated in it: how many and the first one's release. */
  unstated: Partial<Record<Accounting, { count: number; first: string }>>;
  /** The first spending entry that counts persons, and the first that counts rows. */
  firstSpend: { unit?: string; rows?: string };
  /** Per notion, why a recorded cost is not a valid one (the walk refuses it). */
  invalid: Partial<Record<Accounting, string>>;
  /** Per notion: the spends that count persons, and the row-level spends that read every row. */
  sums: Partial<Record<Accounting, { unit: SummaryWeight; everywhere: SummaryWeight }>>;
  /** Distinct `where` regions of row-level spends, in the order of their first spend. */
  regions: SummaryRegion[];
  pram: PramRun[];
  published: PublishedGroup[];
}

export function emptySummary(): LedgerSummary {
  return {
    entries: 0,
    raises: 0,
    runs: {},
    unstated: {},
    firstSpend: {},
    invalid: {},
    sums: {},
    regions: [],
    pram: [],
    published: [],
  };
}

export const encodeExact = (r: Rational): string => `${r.num}/${r.den}`;

export function decodeExact(s: string): Rational {
  const [num, den] = s.split('/');
  return rational(BigInt(num), BigInt(den));
}

const zeroWeight = (): SummaryWeight => ({ main: 0, delta: 0, mainExact: '0/1', deltaExact: '0/1' });

function plus(w: SummaryWeight, main: number, delta: number): SummaryWeight {
  return {
    main: w.main + main,
    delta: w.delta + delta,
    mainExact: encodeExact(add(decodeExact(w.mainExact), fromDecimal(main))),
    deltaExact: encodeExact(add(decodeExact(w.deltaExact), fromDecimal(delta))),
  };
}

/** The canonical form of a region: equal for equal regions however their columns and constraints were ordered. */
export function regionKey(box: Record<string, Constraint[]>): string {
  return JSON.stringify(
    Object.keys(box)
      .sort()
      .map((c) => [c, box[c].map((k) => JSON.stringify(k)).sort()]),
  );
}

/** The exact sum and heaviest double of the costs, per notion, of a spend. */
function notionCost(entry: Pick<LedgerEntry, 'costs'>, accounting: Accounting) {
  const cost = costIn(entry.costs, accounting);
  if (!cost) return undefined;
  return { main: cost[mainKey(accounting)] ?? 0, delta: cost.delta ?? 0, amount: cost };
}

/** Verdicts on costs already seen: a ledger repeats a few costs many times, and a rebuild reads them all. */
const verdicts = new Map<string, string | null>();

/** Why the cost is not one the budget walk accepts (the walk's own message), or undefined. */
function invalidCost(entry: LedgerEntry, accounting: Accounting): string | undefined {
  const cost = costIn(entry.costs, accounting);
  if (!cost) return undefined;
  const key = `${accounting}:${JSON.stringify(cost)}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known ?? undefined;
  let verdict: string | null = null;
  try {
    composeSpends([{ cost, plan: { name: entry.release, userLevel: true, costs: entry.costs, dp: true } }], accounting);
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    verdict = e.message;
  }
  if (verdicts.size > 10_000) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict ?? undefined;
}

/** Takes in one entry, in ledger order. */
export function addEntry(s: LedgerSummary, e: LedgerEntry): void {
  s.entries++;
  s.runs[e.release] = (s.runs[e.release] ?? 0) + 1;
  if (!e.notPrivate && e.microdata && LOCALLY_RANDOMIZED.has(e.microdata.kind))
    s.pram.push({
      id: e.id,
      ...(e.microdata.kind !== 'pram' ? { kind: 'local' as const } : {}),
      release: e.release,
      at: e.at,
      columns: [...e.microdata.columns],
      ...(e.microdata.localEpsilon !== undefined ? { localEpsilon: e.microdata.localEpsilon } : {}),
    });
  if (!e.notPrivate && e.published) addPublished(s, e);
  if (e.notPrivate || e.microdata !== undefined) return;
  if (e.userLevel) s.firstSpend.unit ??= e.release;
  else s.firstSpend.rows ??= e.release;
  const region = !e.userLevel && wellFormed(e.box) ? regionOf(s, e.box!) : undefined;
  for (const accounting of ACCOUNTINGS) {
    const cost = notionCost(e, accounting);
    if (!cost) {
      const u = (s.unstated[accounting] ??= { count: 0, first: e.release });
      u.count++;
      continue;
    }
    const invalid = invalidCost(e, accounting);
    if (invalid !== undefined) {
      s.invalid[accounting] ??= invalid;
      continue;
    }
    const sums = (s.sums[accounting] ??= { unit: zeroWeight(), everywhere: zeroWeight() });
    if (e.userLevel) sums.unit = plus(sums.unit, cost.main, cost.delta);
    else if (!region) sums.everywhere = plus(sums.everywhere, cost.main, cost.delta);
    else {
      const c = region.costs[accounting];
      const one = plus(zeroWeight(), cost.main, cost.delta);
      if (!c) region.costs[accounting] = { sum: one, max: one };
      else {
        c.sum = plus(c.sum, cost.main, cost.delta);
        // The ε and δ overlaps are taken separately, so each keeps its own heaviest spend.
        if (cost.main > c.max.main) c.max = { ...c.max, main: one.main, mainExact: one.mainExact };
        if (cost.delta > c.max.delta) c.max = { ...c.max, delta: one.delta, deltaExact: one.deltaExact };
      }
    }
  }
}

/** Lookups by key, built once per summary object, so that taking in n entries stays linear. */
const regionIndex = new WeakMap<LedgerSummary, Map<string, SummaryRegion>>();
const publishedIndex = new WeakMap<LedgerSummary, Map<string, PublishedGroup>>();

function indexOf<T>(cache: WeakMap<LedgerSummary, Map<string, T>>, s: LedgerSummary, list: T[], key: (t: T) => string) {
  let map = cache.get(s);
  if (!map) {
    map = new Map(list.map((t) => [key(t), t]));
    cache.set(s, map);
  }
  return map;
}

function regionOf(s: LedgerSummary, box: Record<string, Constraint[]>): SummaryRegion {
  const key = regionKey(box);
  const index = indexOf(regionIndex, s, s.regions, (r) => r.key);
  let region = index.get(key);
  if (!region) {
    const map = new Map(Object.entries(box));
    region = { key, box, overlapsItself: boxesOverlap(map, map), costs: {} };
    s.regions.push(region);
    index.set(key, region);
  }
  return region;
}

const groupKey = (g: Pick<LedgerEntry, 'release' | 'spec' | 'acceptedLinks' | 'published'>) =>
  JSON.stringify([g.release, g.spec ?? null, g.acceptedLinks ?? null, g.published]);

function addPublished(s: LedgerSummary, e: LedgerEntry): void {
  const index = indexOf(publishedIndex, s, s.published, groupKey);
  const key = groupKey(e);
  const group = index.get(key);
  if (group) {
    group.count++;
    return;
  }
  const added: PublishedGroup = {
    id: e.id,
    release: e.release,
    ...(e.spec !== undefined ? { spec: e.spec } : {}),
    at: e.at,
    published: e.published!,
    ...(e.acceptedLinks !== undefined ? { acceptedLinks: e.acceptedLinks } : {}),
    count: 1,
  };
  s.published.push(added);
  index.set(key, added);
}

/** Takes in a raise: the ledger's limit becomes the raised one. */
export function addRaise(s: LedgerSummary, r: RaiseRecord): void {
  s.raises++;
  s.limit = r.to;
}

/** The summary of a whole ledger read at once: what taking in its entries one by one gives. */
export function summaryOf(ledger: Pick<LedgerFile, 'entries' | 'raises' | 'limit'>): LedgerSummary {
  const s = emptySummary();
  for (const e of ledger.entries) addEntry(s, e);
  s.raises = ledger.raises?.length ?? 0;
  if (ledger.limit) s.limit = ledger.limit;
  return s;
}
