/**
 * A privacy budget ledger: a limit, the spends recorded against it, and a refusal when a spend would exceed it.
 *
 * The ledger's measure is its limit's: a `pure` ledger adds ε (sequential composition); an `approx` ledger adds
 * ε and δ (basic composition); a `zcdp` ledger adds ρ. Pure costs are accepted everywhere (as (ε, 0) or as
 * ρ = ε²/2). Sums are exact on the decimals the costs print as, so a limit of 1 takes 0.9 and then 0.1.
 * A refused spend throws `BudgetExceededError`, whose message states Requested, Remaining and Difference, e.g.
 * `Requested ε=0.3 · Remaining ε=0.1 · Difference 0.2`.
 */
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { add, compare, formatRational, fromDecimal, mul, rational, sub, toCostNumber, ZERO, type Rational } from '../../core/rational.js';

/** A cost as exact components in the ledger's measure: [ε, δ] or [ρ]. */
type Components = Rational[];

export interface LedgerEntry {
  readonly label: string;
  readonly cost: PrivacyCost;
}

export class BudgetExceededError extends PrivacyError {
  constructor(
    message: string,
    readonly requested: PrivacyCost,
    readonly remaining: PrivacyCost,
    /** The message without the label: `Requested ε=0.3 · Remaining ε=0.1 · Difference 0.2`. */
    readonly summary: string,
  ) {
    super(message);
    this.name = 'BudgetExceededError';
  }
}

export class PrivacyLedger {
  private readonly limitParts: Components;
  private spentParts: Components;
  private readonly log: LedgerEntry[] = [];

  constructor(readonly limit: PrivacyCost) {
    this.limitParts = components(limit, limit.kind);
    this.spentParts = this.limitParts.map(() => ZERO);
  }

  get entries(): readonly LedgerEntry[] {
    return this.log;
  }

  get spent(): PrivacyCost {
    return toCost(this.limit.kind, this.spentParts);
  }

  get remaining(): PrivacyCost {
    return toCost(this.limit.kind, this.remainingParts(), 'down');
  }

  /** Whether `cost` fits in what remains. */
  canSpend(cost: PrivacyCost): boolean {
    const c = components(cost, this.limit.kind);
    return c.every((x, i) => compare(add(this.spentParts[i], x), this.limitParts[i]) <= 0);
  }

  /** Records a spend, or throws `BudgetExceededError` and records nothing. */
  spend(cost: PrivacyCost, label = `spend ${this.log.length + 1}`): void {
    const c = components(cost, this.limit.kind);
    if (!this.canSpend(cost)) {
      const rem = this.remainingParts();
      const diff = c.map((x, i) => sub(x, rem[i]));
      const names = this.limit.kind === 'zcdp' ? ['ρ'] : ['ε', 'δ'];
      const shown = (parts: Components) => parts.map((x, i) => `${names[i]}=${formatRational(x)}`).join(', ');
      const difference =
        diff.length === 1
          ? formatRational(diff[0])
          : diff
              .map((x, i) => (compare(x, ZERO) > 0 ? `${names[i]}=${formatRational(x)}` : ''))
              .filter((s) => s !== '')
              .join(', ');
      const summary = `Requested ${shown(c)} · Remaining ${shown(rem)} · Difference ${difference}`;
      throw new BudgetExceededError(`${label}: privacy budget exceeded. ${summary}`, toCost(this.limit.kind, c), this.remaining, summary);
    }
    this.spentParts = this.spentParts.map((x, i) => add(x, c[i]));
    this.log.push({ label, cost });
  }

  private remainingParts(): Components {
    return this.limitParts.map((l, i) => {
      const r = sub(l, this.spentParts[i]);
      return compare(r, ZERO) < 0 ? ZERO : r;
    });
  }
}

/** The exact components of `cost` in the measure `kind`. */
function components(cost: PrivacyCost, kind: PrivacyCost['kind']): Components {
  const nonNegative = (x: number, what: string): Rational => {
    if (!(x >= 0) || !Number.isFinite(x)) throw new PrivacyError(`${what} must be a finite number ≥ 0, got ${x}`);
    return fromDecimal(x);
  };
  if (cost.kind === kind) {
    if (cost.kind === 'pure') return [nonNegative(cost.epsilon, 'ε')];
    if (cost.kind === 'approx') return [nonNegative(cost.epsilon, 'ε'), nonNegative(cost.delta, 'δ')];
    return [nonNegative(cost.rho, 'ρ')];
  }
  if (cost.kind === 'pure' && kind === 'approx') return [nonNegative(cost.epsilon, 'ε'), ZERO];
  if (cost.kind === 'pure' && kind === 'zcdp') {
    const e = nonNegative(cost.epsilon, 'ε');
    // ε-DP ⇒ (ε²/2)-zCDP (Bun–Steinke Proposition 1.4), exact.
    return [mul(mul(e, e), rational(1n, 2n))];
  }
  throw new PrivacyError(`a ${cost.kind} cost cannot be charged to a ${kind} budget; convert it first`);
}

function toCost(kind: PrivacyCost['kind'], parts: Components, direction: 'up' | 'down' = 'up'): PrivacyCost {
  // Spent amounts are rounded up; remaining amounts are shown as their exact decimal, nudged down if needed.
  const num = (r: Rational) => (direction === 'up' ? toCostNumber(r) : roundDownDecimal(r));
  if (kind === 'pure') return { kind, epsilon: num(parts[0]) };
  if (kind === 'approx') return { kind, epsilon: num(parts[0]), delta: num(parts[1]) };
  return { kind, rho: num(parts[0]) };
}

function roundDownDecimal(r: Rational): number {
  const x = toCostNumber(r);
  return compare(fromDecimal(x), r) === 0 ? x : Math.max(0, x - Math.max(Number.EPSILON * x, Number.MIN_VALUE));
}
