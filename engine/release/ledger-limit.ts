/**
 * The budget limit a dataset's ledger holds, and raising it. A spec states a budget; the ledger remembers the limit its
 * first central spend was checked against. Editing the spec's `budget { … }` upward afterwards would otherwise reset
 * the meaning of every earlier spend without a trace, so a spec whose budget exceeds the ledger's limit is refused
 * until the limit is raised by an explicit, recorded act (`privspec budget raise <spec> --to … --reason "…"`). A spec
 * may always state a lower budget: the run is then checked against the lower of the two.
 */
import type { Amount } from './release-costs.js';
import type { Accounting } from './release-description.js';
import type { LedgerFile, LedgerLimit, RaiseRecord } from './ledger-entry.js';

type Key = 'epsilon' | 'delta' | 'rho';
const SYMBOL = { epsilon: 'ε', delta: 'δ', rho: 'ρ' } as const;

/** The notions a limit is compared in: the accounting's main one, and δ for (ε, δ) accounting. */
function compared(accounting: Accounting): Key[] {
  return accounting === 'zcdp' ? ['rho'] : accounting === 'pure' ? ['epsilon'] : ['epsilon', 'delta'];
}

/** `ε 100` or `ε 1, δ 1e-6`: a limit in its accounting's notions. */
export function formatLimit(limit: LedgerLimit): string {
  return compared(limit.accounting)
    .map((k) => `${SYMBOL[k]} ${limit.amount[k] ?? '—'}`)
    .join(', ');
}

/** The lower of the spec's and the ledger's limit, per notion: what a spend is checked against. */
export function effectiveLimit(spec: Amount, ledger: Pick<LedgerFile, 'limit'>, accounting: Accounting): Amount {
  const recorded = ledger.limit?.accounting === accounting ? ledger.limit.amount : undefined;
  if (!recorded) return spec;
  const out: Amount = { ...spec };
  for (const k of compared(accounting)) {
    const a = spec[k];
    const b = recorded[k];
    out[k] = a === undefined ? b : b === undefined ? a : Math.min(a, b);
  }
  return out;
}

/**
 * Why the spec's budget may not be used with this ledger, or undefined. `raise` is the command that would raise it,
 * quoted in the message.
 */
export function limitRefusal(ledger: Pick<LedgerFile, 'limit'>, spec: LedgerLimit, raise: string): string | undefined {
  const recorded = ledger.limit;
  if (!recorded) return undefined;
  if (recorded.accounting !== spec.accounting) {
    return `the ledger's budget is kept under '${recorded.accounting}' accounting (${formatLimit(recorded)}), the spec's under '${spec.accounting}'; keep the accounting the ledger was kept in`;
  }
  const over = compared(spec.accounting).filter((k) => (spec.amount[k] ?? 0) > (recorded.amount[k] ?? 0));
  if (over.length === 0) return undefined;
  return `the spec's budget ${formatLimit(spec)} exceeds the ledger's ${formatLimit(recorded)}; a budget is raised after spending only by a recorded act: ${raise} --to ${over.map((k) => `${k}=${spec.amount[k]}`).join(',')} --reason "…"`;
}

/** The raise record that takes the ledger's limit to `to`, or the reason it cannot. */
export function raiseRecord(
  ledger: Pick<LedgerFile, 'limit'>,
  to: LedgerLimit,
  reason: string,
  spec: string,
  at = new Date().toISOString(),
): RaiseRecord | string {
  if (reason.trim() === '')
    return 'a raise needs a reason (--reason "…"): it is recorded in the ledger for whoever reads it later';
  const from = ledger.limit;
  if (!from) return "nothing to raise: the ledger records no spend yet, so the spec's budget applies as written";
  if (from.accounting !== to.accounting)
    return `the ledger's budget is kept under '${from.accounting}' accounting; state the raise in ${compared(
      from.accounting,
    )
      .map((k) => SYMBOL[k])
      .join(' and ')}`;
  const keys = compared(to.accounting);
  for (const k of keys) {
    const v = to.amount[k];
    if (v !== undefined && !(Number.isFinite(v) && v > 0 && (k !== 'delta' || v < 1)))
      return `${SYMBOL[k]} ${v} is not a budget (${k === 'delta' ? 'within (0, 1)' : 'a finite number > 0'})`;
  }
  const amount: Amount = { ...from.amount };
  for (const k of keys) if (to.amount[k] !== undefined) amount[k] = to.amount[k];
  const lower = keys.find((k) => (amount[k] ?? 0) < (from.amount[k] ?? 0));
  if (lower)
    return `${SYMBOL[lower]} ${amount[lower]} is below the ledger's ${SYMBOL[lower]} ${from.amount[lower]}: a raise only raises (a spec may always state a lower budget)`;
  if (keys.every((k) => amount[k] === from.amount[k])) return `the ledger's limit is already ${formatLimit(from)}`;
  return { at, from, to: { accounting: to.accounting, amount }, reason: reason.trim(), spec };
}
