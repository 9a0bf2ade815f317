/**
 * The differential-privacy API of the engine: what `language/`, `cli/` and the webview import.
 * Everything here is stable; internals (samplers' helpers, rounding) stay behind their own files.
 */
export type { PrivacyCost, PrivacyMeasure } from '../core/measures.js';
export { pure, approx, zcdp, formatCost, PrivacyError } from '../core/measures.js';
export type { Measurement } from '../core/measurement.js';
export { check } from '../core/measurement.js';
export type { RandomSource } from '../core/random.js';
export { cryptoRandom, seededRandom } from '../core/random.js';

export { sequentialEpsilon, parallelEpsilon, splitEpsilon } from './accounting/pure.js';
export { basicComposition, advancedComposition } from './accounting/approx.js';
export {
  rhoFromPureEpsilon,
  epsilonClassic,
  epsilonOptimal,
  deltaOptimal,
  rhoClassic,
  rhoOptimal,
  composeZcdp,
} from './accounting/zcdp.js';
export { PrivacyLedger, BudgetExceededError, type LedgerEntry } from './accounting/ledger.js';
export {
  maxOverlap,
  type Predicate,
  type RangePredicate,
  type SetPredicate,
  type PredicateQuery,
  type OverlapResult,
} from './accounting/overlap.js';
