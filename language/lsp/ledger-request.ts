/**
 * `privspec/ledger`: what a spec's ledger has recorded (every run, its cost, time and files, the total against the
 * budget) and what running one or all of its releases would add. ▶ Run's confirmation states that cost, what remains
 * after it and whether the release has run before; `PrivSpec: Show Ledger` lists the entries.
 *
 * The run preview composes the planned releases with the recorded ones exactly as the runner does under the ledger's
 * lock (`ledgerTotal`, parallel composition of disjoint `where` regions included), so the dialog states the figure the
 * runner will check. It is read without the lock: a concurrent run may still take the budget first, and the runner then
 * refuses, which is the safe outcome.
 */
import type { LangiumDocument } from 'langium';
import { ledgerFor, readLedger } from '../../engine/host/ledger/ledger-file.js';
import { ledgerName } from '../../engine/host/ledger/dataset-identity.js';
import type { LedgerFile } from '../../engine/release/ledger-entry.js';
import { sig3 } from '../../engine/release/budget-walk.js';
import { formatLimit } from '../../engine/release/ledger-limit.js';
import { boxRecord, ledgerTotal, type LedgerEntry } from '../../engine/release/ledger-entry.js';
import { costIn, type ReleaseCosts } from '../../engine/release/release-costs.js';
import { analyzeDocument, specPath } from '../privspec-analysis.js';
import type { LedgerEntryView, LedgerResponse } from '../protocol-types.js';
import { addedLabel, budgetLabel, exceeds, remainingLabel } from './readable-costs.js';
import type { SpecAnalysis } from '../privspec-analysis.js';

/** `ε 0.5 · ρ 0.125 · (ε 0.5, δ 0)`: a cost in every notion it can be stated in. */
function everyNotion(costs: ReleaseCosts): string {
  const parts: string[] = [];
  if (costs.pure?.kind === 'pure') parts.push(`ε ${sig3(costs.pure.epsilon)}`);
  if (costs.zcdp?.kind === 'zcdp') parts.push(`ρ ${sig3(costs.zcdp.rho)}`);
  if (costs.approx?.kind === 'approx') parts.push(`(ε ${sig3(costs.approx.epsilon)}, δ ${sig3(costs.approx.delta)})`);
  return parts.join(' · ') || 'no DP cost';
}

/** A microdata run's line: it spends no central budget; PRAM states its local ε. */
function microdataLabel(m: NonNullable<LedgerEntry['microdata']>): string {
  return m.kind === 'pram'
    ? `no central cost (PRAM of ${m.columns.join(', ')}, local ε ${m.localEpsilon === undefined ? '—' : sig3(m.localEpsilon)})`
    : 'no DP cost (generalization)';
}

function entryView(a: SpecAnalysis, e: LedgerEntry): LedgerEntryView {
  const own = costIn(e.costs, a.summary.accounting);
  return {
    id: e.id,
    release: e.release,
    at: e.at,
    cost: e.notPrivate
      ? 'nothing (seeded, not private)'
      : e.microdata
        ? microdataLabel(e.microdata)
        : own
          ? addedLabel(a, {}, own)
          : 'cannot be stated in this accounting',
    costEveryNotion: everyNotion(e.costs),
    files: e.files ?? [],
    notPrivate: e.notPrivate === true,
  };
}

/**
 * The ledger of the data the spec in `document` reads (one per dataset, engine/host/ledger/dataset-identity.ts) and its
 * path; an empty ledger when the spec names no data yet. A data file that cannot be read stops the caller.
 */
export async function documentLedger(document: LangiumDocument): Promise<{ file?: string; ledger: LedgerFile }> {
  const data = analyzeDocument(document).dataset?.file;
  if (data === undefined) return { ledger: { version: 2, entries: [] } };
  const location = await ledgerFor(data, specPath(document));
  return { file: ledgerName(location), ledger: await readLedger(location) };
}

/** The ledger of the spec in `document`, and the preview of running `release` (or every release) now. */
export async function ledgerResponse(document: LangiumDocument, release?: string): Promise<LedgerResponse> {
  const a = analyzeDocument(document);
  const spec = specPath(document);
  const { file, ledger } = await documentLedger(document);
  const accounting = a.summary.accounting;
  const targets = a.plans.filter((p) => release === undefined || p.name === release);
  // Only releases that would run spend: the runner refuses one with problems or an unaccepted leak before the ledger.
  const spending = targets.filter(
    (p) => p.dp && p.problems.length === 0 && p.risks.every((r) => r.accepted) && costIn(p.costs, accounting),
  );
  const planned: LedgerEntry[] = spending.map((p) => ({
    id: 'planned',
    release: p.name,
    at: '',
    costs: p.costs,
    box: boxRecord(p.box),
    userLevel: p.userLevel,
  }));
  const before = ledgerTotal(ledger.entries, accounting);
  const after = ledgerTotal([...ledger.entries, ...planned], accounting);
  const latest = new Map<string, string>();
  // Seeded test runs spent nothing and released nothing private: they do not make a release "already released".
  for (const e of ledger.entries)
    if (!e.notPrivate && targets.some((t) => t.name === e.release) && (latest.get(e.release) ?? '') < e.at)
      latest.set(e.release, e.at);
  return {
    spec,
    ledger: file ?? '',
    raises: (ledger.raises ?? []).map((r) => ({
      at: r.at,
      from: formatLimit(r.from),
      to: formatLimit(r.to),
      reason: r.reason,
    })),
    accounting,
    entries: ledger.entries.map((e) => entryView(a, e)),
    total: budgetLabel(a, before),
    run: {
      releases: targets.map((t) => t.name),
      adds: planned.length === 0 ? 'nothing' : addedLabel(a, before, after),
      remaining: remainingLabel(a, before),
      remainingAfter: remainingLabel(a, after),
      limit: remainingLabel(a, {}),
      overrun: planned.length > 0 && exceeds(a, after),
      previous: [...latest].map(([name, at]) => ({ release: name, at })),
    },
  };
}

/**
 * The time of each release's latest recorded run, and whether it spent central budget (a PRAM or generalize run does
 * not), for the "spent DATE" / "released DATE" lens; an unreadable ledger shows nothing.
 */
export async function lastRuns(document: LangiumDocument): Promise<Map<string, { at: string; spent: boolean }>> {
  const runs = new Map<string, { at: string; spent: boolean }>();
  const ledger = await documentLedger(document).then(
    (l) => l.ledger,
    () => undefined,
  );
  for (const e of ledger?.entries ?? [])
    if (!e.notPrivate && (runs.get(e.release)?.at ?? '') < e.at)
      runs.set(e.release, { at: e.at, spent: e.microdata === undefined });
  return runs;
}
