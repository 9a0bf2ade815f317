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
import {
  everyNotionText,
  ledgerAndPlanText,
  limitText,
  localEpsilonText,
  unaffordableText,
} from '../../engine/release/cost-text.js';
import { effectiveLimit, formatLimit } from '../../engine/release/ledger-limit.js';
import { overrunOf } from '../../engine/release/budget-notion.js';
import { ledgerTotal, plannedEntry, type LedgerEntry } from '../../engine/release/ledger-entry.js';
import { costIn } from '../../engine/release/release-costs.js';
import { analyzeDocument, specPath } from '../privspec-analysis.js';
import type { LedgerEntryView, LedgerResponse } from '../protocol-types.js';
import {
  addedLabel,
  budgetLabel,
  costLabel,
  exceeds,
  remainderConversionLabel,
  remainingLabel,
} from './readable-costs.js';
import type { SpecAnalysis } from '../privspec-analysis.js';
import type { EditorFacts } from '../../engine/release/kinds/kind-editor-types.js';
import { releaseKind } from '../../engine/release/kinds/registry.js';

/** A microdata run's line: it spends no central budget; PRAM states its local ε. */
function microdataLabel(m: NonNullable<LedgerEntry['microdata']>): string {
  if (m.kind === 'generalize') return 'no DP cost (generalization)';
  return `no central cost (${m.kind === 'local' ? 'local DP' : 'PRAM'} of ${m.columns.join(', ')}, ${localEpsilonText(m.localEpsilon)})`;
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
          ? costLabel(a, own)
          : 'cannot be stated in this accounting',
    costEveryNotion: everyNotionText(e.costs),
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

/**
 * The ledger entries that running `targets` now would add. Only releases that would run spend: the runner refuses one
 * with problems or an unaccepted leak before the ledger.
 */
export function plannedEntries(a: SpecAnalysis, targets: readonly SpecAnalysis['plans'][number][]): LedgerEntry[] {
  return targets
    .filter(
      (p) =>
        p.dp && p.problems.length === 0 && p.risks.every((r) => r.accepted) && costIn(p.costs, a.summary.accounting),
    )
    .map(plannedEntry);
}

/**
 * The ledger's recorded total and what running the whole plan would add, as one sum against the limit: the status bar's
 * line and the budget block's lens once the ledger holds a spend, so the two never state different totals.
 */
export function ledgerAndPlanLine(a: SpecAnalysis, entries: readonly LedgerEntry[]): string {
  const { accounting, limit } = a.summary;
  const spent = ledgerTotal(entries, accounting);
  const combined = ledgerTotal([...entries, ...plannedEntries(a, a.plans)], accounting);
  return ledgerAndPlanText(spent, combined, limit, accounting);
}

/**
 * The ledger of the spec in `document`, and the preview of running `release` (or every release) now. `facts` (what the
 * editor has scanned of the data) lets a release that spends no central budget state its local privacy (PRAM's local
 * ε).
 */
export async function ledgerResponse(
  document: LangiumDocument,
  release?: string,
  facts?: EditorFacts,
): Promise<LedgerResponse> {
  const a = analyzeDocument(document);
  const spec = specPath(document);
  const { file, ledger } = await documentLedger(document);
  const accounting = a.summary.accounting;
  const targets = a.plans.filter((p) => release === undefined || p.name === release);
  const planned = plannedEntries(a, targets);
  const only = release !== undefined && targets.length === 1 ? targets[0] : undefined;
  const local =
    only?.description && facts ? await releaseKind(only.description.query.kind).localPrivacy?.(only, facts) : undefined;
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
      ...(planned.length > 0 && remainderConversionLabel(a, after)
        ? { convertedAfter: remainderConversionLabel(a, after) }
        : {}),
      limit: limitText(a.summary.limit, a.summary.accounting),
      ...(local ? { local } : {}),
      totalAfter: budgetLabel(a, after),
      overrun: planned.length > 0 && exceeds(a, after),
      previous: [...latest].map(([name, at]) => ({ release: name, at })),
    },
  };
}

/**
 * Why the ledger cannot afford running `plan` now, or undefined: the runner's own check (`overrunOf` against the lower
 * of the spec's and the ledger's limit, engine/release/ledger-limit.ts), stated as one sum by the cost formatter. A
 * release that spends no central budget is always affordable.
 */
export function unaffordable(
  a: SpecAnalysis,
  ledger: LedgerFile,
  plan: SpecAnalysis['plans'][number],
): string | undefined {
  const accounting = a.summary.accounting;
  const [entry] = plannedEntries(a, [plan]);
  if (!entry) return undefined;
  const limit = effectiveLimit(a.summary.limit, ledger, accounting);
  const spent = ledgerTotal(ledger.entries, accounting);
  const withRun = ledgerTotal([...ledger.entries, entry], accounting);
  return overrunOf(a.budget, limit, spent, withRun) ? unaffordableText(spent, withRun, limit, accounting) : undefined;
}

/**
 * The time of each release's latest recorded run, and whether it spent central budget (a PRAM or generalize run does
 * not), for the "spent DATE" / "released DATE" lens; an unreadable ledger shows nothing.
 */
export async function lastRuns(document: LangiumDocument): Promise<Map<string, { at: string; spent: boolean }>> {
  const ledger = await documentLedger(document).then(
    (l) => l.ledger,
    () => undefined,
  );
  return ledger ? runsIn(ledger) : new Map();
}

/** The latest recorded run of each release in `ledger` (seeded test runs released nothing private). */
export function runsIn(ledger: LedgerFile): Map<string, { at: string; spent: boolean }> {
  const runs = new Map<string, { at: string; spent: boolean }>();
  for (const e of ledger.entries)
    if (!e.notPrivate && (runs.get(e.release)?.at ?? '') < e.at)
      runs.set(e.release, { at: e.at, spent: e.microdata === undefined });
  return runs;
}
