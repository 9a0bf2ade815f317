/**
 * Reading sensitivities and budgets as exact rationals, on the safe side.
 *
 * A sensitivity is an upper bound, so it is read as the larger of the double's exact value and its printed
 * decimal; a budget the user wrote (ε = 0.1) is read as the decimal. Mechanisms then choose noise so that the
 * exact privacy loss at the sensitivity is ≤ the budget.
 */
import { PrivacyError } from '../../core/measures.js';
import { fromDecimal, fromNumberExact, max, type Rational } from '../../core/rational.js';

export function sensitivityOf(x: number, what = 'sensitivity'): Rational {
  if (!(x >= 0) || !Number.isFinite(x)) throw new PrivacyError(`${what} must be a finite number ≥ 0, got ${x}`);
  return max(fromNumberExact(x), fromDecimal(x));
}

export function budgetOf(x: number, what: string): Rational {
  if (!(x > 0) || !Number.isFinite(x)) throw new PrivacyError(`${what} must be a finite number > 0, got ${x}`);
  return fromDecimal(x);
}

export function positive(x: number | undefined, what: string): number {
  if (x === undefined || !(x > 0) || !Number.isFinite(x))
    throw new PrivacyError(`${what} must be a finite number > 0, got ${x}`);
  return x;
}
