/**
 * Step 2 of a run: the record of a release in its dataset's ledger, as one step under the ledger's lock. A DP release
 * is checked against the budget — the lower of the spec's limit and the ledger's, composed with every recorded spend by
 * the one budget walk (engine/release/budget-walk.ts) — and its cost appended. A microdata release is appended with no
 * central cost; a PRAM run on a column an earlier PRAM run of the same data randomized is refused unless the spec says
 * `rerun`: two independent draws of one record, joined, give its true value back by majority vote, so their local ε
 * add. Every release is also checked against what earlier releases of the same data published or read, from any
 * spec (engine/release/cross-spec-links.ts), and records what it publishes for the releases after it.
 */
import { LOCALLY_RANDOMIZED } from '../../release/kinds/prepared-release.js';
import { budgetLimit, mainKey, type Amount } from '../../release/budget-walk.js';
import { boxRecord, type LedgerEntry, type LedgerLimit, type PublishedRecord } from '../../release/ledger-entry.js';
import { effectiveLimit, limitRefusal } from '../../release/ledger-limit.js';
import { summaryOverrun } from '../../release/ledger-summary-total.js';
import type { PreparedRelease } from '../../release/kinds/prepared-release.js';
import { costIn } from '../../release/release-costs.js';
import { crossSpecCheck } from '../../release/cross-spec-links.js';
import type { BudgetDescription } from '../../release/release-description.js';
import { ledgerName } from './dataset-identity.js';
import { appendToLedger, newEntryId, readLedgerView, type LedgerLocation, type LedgerView } from './ledger-file.js';
import { pluralWord } from '../../core/plural.js';

export interface SpendRequest {
  readonly location: LedgerLocation;
  readonly specFile: string;
  readonly budget: BudgetDescription;
  readonly name: string;
  readonly prepared: PreparedRelease;
  readonly seeded: boolean;
  readonly lockTimeoutMs?: number;
  /** What the release publishes or reads, and its `accept linked-releases` reason (cross-spec-links.ts). */
  readonly links?: { readonly published: PublishedRecord; readonly accepts?: { readonly reason: string } };
}

export interface SpendDecision {
  entry?: LedgerEntry;
  /** The ledger's random id, which the release report cites. */
  ledgerId?: string;
  refusal?: string;
  previousRuns: number;
  /** PRAM: the earlier runs on the same columns and the local ε of all runs together, this one included. */
  composed?: { runs: number; localEpsilon: number };
  /** Links with earlier releases of the same data that the spec accepted, in words, with the reason. */
  acceptedLinks?: string[];
}

const sym = (key: 'epsilon' | 'rho' | 'delta') => (key === 'rho' ? 'ρ' : key === 'delta' ? 'δ' : 'ε');
const sig = (x: number) => Number(x.toPrecision(3));

/** The budget description whose limit is `limit` (the walk reads limits from a description). */
function withLimit(budget: BudgetDescription, limit: Amount): BudgetDescription {
  if (budget.accounting === 'zcdp') return { ...budget, rho: limit.rho, epsilon: undefined };
  return { ...budget, epsilon: limit.epsilon, delta: limit.delta };
}

function centralDecision(
  r: SpendRequest,
  ledger: LedgerView,
  entry: LedgerEntry,
): Omit<SpendDecision, 'previousRuns'> & { limit?: LedgerLimit } {
  const accounting = r.budget.accounting;
  const specLimit = budgetLimit(r.budget);
  const summary = ledger.summary;
  const unstated = summary.unstated[accounting];
  if (unstated) {
    return {
      refusal: `${ledgerName(r.location)}: ${unstated.count} recorded ${pluralWord(unstated.count, 'spend')} (first: '${unstated.first}') cannot be stated under '${accounting}' accounting; keep the accounting the ledger was kept in`,
    };
  }
  const key = mainKey(accounting);
  // A budget with no usable limit in the accounting's notion allows nothing: spending without a cap is not a budget.
  if (specLimit[key] === undefined)
    return {
      refusal: `not run: the budget gives no ${sym(key)} limit under '${accounting}' accounting${accounting === 'zcdp' ? " (give 'rho R', or 'epsilon E delta D')" : " (give 'epsilon E')"}`,
    };
  // A seeded run spends nothing, so no limit applies to it.
  if (r.seeded) return { entry };
  const above = limitRefusal(summary, { accounting, amount: specLimit }, `privspec budget raise ${r.specFile}`);
  if (above) return { refusal: `not run: ${above}` };
  const limit = effectiveLimit(specLimit, summary, accounting);
  const recorded = { ...entry, limit: { accounting, amount: limit } };
  // One dataset, one notion of a neighbour. A row-level spend on data whose ledger counts persons (or a person-level
  // spend after row-level ones) has no stated cost per person — a person with ten rows loses ten times its ε — so the
  // two cannot share a budget (review findings). Per-person spends compose sequentially: disjoint regions are not
  // disjoint in persons.
  const mixed = r.prepared.userLevel ? summary.firstSpend.rows : summary.firstSpend.unit;
  if (mixed !== undefined) {
    return {
      refusal: r.prepared.userLevel
        ? `not run: this data's ledger ${ledgerName(r.location)} holds row-level spends (first: '${mixed}', without a privacy unit), whose cost per person is not bounded; a per-person budget cannot be stated on top of them`
        : `not run: this data's ledger ${ledgerName(r.location)} counts persons (first: '${mixed}' bounds each unit's contributions); declare the unit in the dataset and bound its contributions ('bound unit …'), so that this release's cost per person is stated`,
    };
  }
  // The walk over every recorded spend and this one, from the running summary: the same figures, without the entries.
  const overrun = summaryOverrun(
    summary,
    { name: entry.release, box: r.prepared.box, userLevel: r.prepared.userLevel, costs: r.prepared.costs },
    withLimit(r.budget, limit),
  );
  if (overrun)
    return { refusal: `not run: the ledger ${ledgerName(r.location)} has no budget left for it. ${overrun}` };
  // The first central spend fixes the ledger's limit: a later, higher budget in a spec is a raise, and must say so.
  return { entry: recorded, ...(summary.limit ? {} : { limit: { accounting, amount: specLimit } }) };
}

function microdataDecision(
  r: SpendRequest,
  ledger: LedgerView,
  entry: LedgerEntry,
): Omit<SpendDecision, 'previousRuns'> {
  const m = r.prepared.microdata!;
  if (!LOCALLY_RANDOMIZED.has(m.kind)) return { entry };
  const earlier = ledger.summary.pram.filter((e) => e.columns.some((c) => m.columns.includes(c)));
  const composed = {
    runs: earlier.length + 1,
    localEpsilon: earlier.reduce((s, e) => s + (e.localEpsilon ?? Infinity), 0) + (m.localEpsilon ?? Infinity),
  };
  if (earlier.length > 0 && !m.rerun && !r.seeded) {
    const first = earlier[0];
    const columns = m.columns.filter((c) => earlier.some((e) => e.columns.includes(c)));
    // Two PRAM files keep their rows' order, so joined they give the true values back by majority vote. A local DP
    // release's reports are shuffled and cannot be joined row by row; what a second randomized report of the same
    // units costs is that it tells more of each unit: the local ε of the runs adds up (sequential composition).
    const by = first.kind === 'local' ? 'a local DP release' : 'PRAM';
    const query = m.kind === 'local' ? 'local' : 'pram';
    const reason =
      by === 'PRAM' && query === 'pram'
        ? 'a second file of the same records, joined with the first, gives the true values back by majority vote'
        : 'a second randomized report of the same units tells more of each, since the local ε of the runs adds up';
    return {
      refusal: `not run: ${by} already randomized ${columns.join(', ')} of this data (${earlier.length === 1 ? '' : `${earlier.length} runs, first: `}ledger entry ${first.id}, release '${first.release}', ${first.at}); ${reason}. Add 'rerun' to the ${query} query to release again: the local ε of the runs adds up to ${sig(composed.localEpsilon)}`,
    };
  }
  return { entry, ...(earlier.length > 0 ? { composed } : {}) };
}

/** The decision on `r` given the ledger as it stands: the entry to append, or the refusal. */
function decideSpend(r: SpendRequest, ledger: LedgerView) {
  const p = r.prepared;
  const previousRuns = ledger.summary.runs[r.name] ?? 0;
  const entry: LedgerEntry = {
    id: newEntryId(),
    release: r.name,
    at: new Date().toISOString(),
    costs: p.costs,
    box: boxRecord(p.box),
    userLevel: p.userLevel,
    spec: r.specFile,
    ...(p.microdata
      ? {
          microdata: {
            kind: p.microdata.kind,
            columns: [...p.microdata.columns],
            ...(p.microdata.localEpsilon !== undefined ? { localEpsilon: p.microdata.localEpsilon } : {}),
          },
        }
      : {}),
    ...(r.seeded ? { notPrivate: true as const } : {}),
    ...(r.links ? { published: r.links.published } : {}),
    ...(r.links?.accepts ? { acceptedLinks: r.links.accepts.reason } : {}),
  };
  // Links with earlier releases of the data, from any spec, are refused before anything is spent or computed; a
  // seeded run links with nothing, as it spends nothing.
  const linked =
    r.links && crossSpecCheck(r.seeded ? [] : ledger.summary.published, { name: r.name, spec: r.specFile, ...r.links });
  if (linked?.refusal) return { previousRuns, refusal: linked.refusal };
  // One line per earlier entry, as each entry of a group links alike.
  const acceptedLinks = (linked?.accepted ?? []).flatMap((l) =>
    Array<string>(l.earlier.count ?? 1).fill(`accepted linked-releases ("${l.acceptedBecause}"): ${l.what}`),
  );
  return {
    ...(acceptedLinks.length > 0 ? { acceptedLinks } : {}),
    previousRuns,
    ...(p.microdata ? microdataDecision(r, ledger, entry) : centralDecision(r, ledger, entry)),
  };
}

/**
 * Why the release would be refused by the ledger as it stands, or undefined: the same decision as recordSpend's,
 * without the lock and without recording. A release charged to several ledgers (one that reads another dataset than
 * the run's: a join's other table, an edge list) is checked against each before it is recorded in any.
 */
export async function spendRefusal(r: SpendRequest): Promise<string | undefined> {
  const decision = decideSpend(r, await readLedgerView(r.location));
  return decision.entry ? undefined : (decision.refusal ?? 'not run');
}

/** Records the release in the ledger under its lock, or says why not. */
export async function recordSpend(r: SpendRequest): Promise<SpendDecision> {
  const result = await appendToLedger(r.location, (ledger) => decideSpend(r, ledger), { timeoutMs: r.lockTimeoutMs });
  return {
    entry: result.entry,
    ledgerId: result.ledgerId,
    refusal: result.refusal,
    previousRuns: result.previousRuns,
    composed: result.composed,
    acceptedLinks: result.acceptedLinks,
  };
}

/** The release's cost in the accounting's notion (undefined for microdata). */
export function costOf(p: PreparedRelease, budget: BudgetDescription): Amount | undefined {
  return p.microdata ? undefined : costIn(p.costs, budget.accounting);
}
