/**
 * The ledgers of the other datasets a release reads. A release is charged to the ledger of every dataset whose rows it
 * reads: the run's dataset (the one that carries the unit, whose ledger the run reports) and, for a release over a
 * join or over an edge list, the other table too. The persons of a join are then charged wherever their rows lie, so
 * that a second spec reading the same people through another of those tables — only `orders` with `unit customer_id`,
 * only the edge list, or the join with `unit` declared on the other table — finds the first spend in a ledger it reads,
 * rather than opening a fresh one (issue 39's review: "one person, two ledgers"). Each ledger is the data's own (one
 * per dataset identity, dataset-identity.ts), so the rule holds whatever a spec names the tables.
 */
import { tablesRead } from '../../release/kinds/prepare-release.js';
import type { ReleaseDescription } from '../../release/release-description.js';
import type { RunInput } from '../../release/run-input.js';
import { ledgerFor, type LedgerLocation } from '../ledger/ledger-file.js';
import { ledgerName } from '../ledger/dataset-identity.js';
import { recordSpend, spendRefusal, type SpendRequest } from '../ledger/release-spend.js';

/** A ledger the release is charged to beside the run's, and the dataset it belongs to. */
export interface OtherLedger {
  readonly dataset: string;
  readonly location: LedgerLocation;
}

/**
 * The ledgers of the datasets the run's releases read by name other than the run's own, by dataset name; a dataset
 * whose ledger is the run's (the same bytes named twice) is left out, as its spend is recorded there already.
 */
export async function otherLedgers(input: RunInput, own: LedgerLocation): Promise<Map<string, OtherLedger>> {
  const ledgers = new Map<string, OtherLedger>();
  for (const name of new Set(input.releases.flatMap(tablesRead))) {
    if (name === input.dataset.name) continue;
    const dataset = input.others?.find((d) => d.name === name);
    if (!dataset) continue;
    // Without the spec: the ledger an earlier version kept beside the spec is the spec's dataset's, not this one's.
    const location = await ledgerFor(dataset.file);
    if (location.file !== own.file) ledgers.set(name, { dataset: name, location });
  }
  return ledgers;
}

/** The other ledgers `release` is charged to. */
export function ledgersOfRelease(release: ReleaseDescription, ledgers: ReadonlyMap<string, OtherLedger>) {
  const seen = new Set<string>();
  return tablesRead(release).flatMap((name) => {
    const l = ledgers.get(name);
    if (!l || seen.has(l.location.file)) return [];
    seen.add(l.location.file);
    return [l];
  });
}

/** What a charge to the other ledgers gives: the entries recorded, or why none was. */
export interface OtherCharge {
  readonly refusal?: string;
  readonly recorded: readonly { readonly dataset: string; readonly ledger: string; readonly entry: string }[];
}

/**
 * Checks the release against the run's ledger and every other one first, so that a release one of them refuses is
 * recorded in none; then records it in the others. The run's ledger records it last (the runner's recordSpend), so the
 * release's files cite that entry. A concurrent run may still spend between the check and the records: the release is
 * then refused by a later ledger after an earlier one recorded it, which over-counts (never under-counts) the spend,
 * and the message says where it was recorded.
 */
export async function chargeOtherLedgers(request: SpendRequest, others: readonly OtherLedger[]): Promise<OtherCharge> {
  if (others.length === 0) return { recorded: [] };
  // The links with earlier releases are checked in the run's ledger; the others are charged the budget only.
  const { links: _links, ...budgetOnly } = request;
  const own = await spendRefusal(request);
  if (own !== undefined) return { refusal: own, recorded: [] };
  for (const o of others) {
    const refusal = await spendRefusal({ ...budgetOnly, location: o.location });
    if (refusal !== undefined)
      return { refusal: `${refusal} (the ledger of '${o.dataset}', a dataset this release reads)`, recorded: [] };
  }
  const recorded: { dataset: string; ledger: string; entry: string }[] = [];
  for (const o of others) {
    const d = await recordSpend({ ...budgetOnly, location: o.location });
    if (!d.entry) {
      const where = recorded.map((r) => `'${r.dataset}' (entry ${r.entry})`).join(', ');
      return {
        refusal: `${d.refusal ?? 'not run'} (the ledger of '${o.dataset}', a dataset this release reads, changed during the run${where ? `; the spend stays recorded in the ledger of ${where}` : ''})`,
        recorded,
      };
    }
    recorded.push({ dataset: o.dataset, ledger: ledgerName(o.location), entry: d.entry.id });
  }
  return { recorded };
}
