/**
 * PRAM in the engine: what the release stack, the CLI and the editor call. Matrices come from a spec (`buildMatrix`),
 * are applied per attribute (`applyPram`, or `makePram` for a measurement that carries ε_local), reported
 * (`pramReport`), and their identification risk is `identificationRisk` (engine/risk). The generalization × PRAM search
 * is `searchGeneralizationPram`.
 */
export { makeTransitionMatrix, toRows, type TransitionMatrix } from './transition-matrix.js';
export { retentionMatrix, keepProbability } from './retention-matrix.js';
export { matrixFromCsv } from './custom-matrix.js';
export { invariantMatrix } from './invariant-pram.js';
export { localEpsilon, combinedEpsilon, retentionForEpsilon } from './local-epsilon.js';
export { expectedHistogram, histogramCovariance, histogramVariance, expectedDistortion } from './pram-moments.js';
export { unbiasedEstimate, conditionNumber, IllConditionedError, MAX_CONDITION } from './pram-estimate.js';
export { applyPram, applyPramToStrings } from './apply-pram.js';
export { makePram, type PramOptions } from './make-pram.js';
export { pramReport, type PramReport, type PramAttributeReport } from './pram-report.js';
export { buildMatrix, distinctValues, frequencies, type PramSpec, type BuiltMatrix } from './pram-spec.js';
export { identificationRisk, linkageMatrix, etaOf, type IdentificationRisk, type IdentificationRiskOptions } from '../risk/identification-risk.js';
export {
  searchGeneralizationPram,
  type GeneralizationPramOptions,
  type GeneralizationPramResult,
  type GeneralizationPramPoint,
  type GeneralizationPramTarget,
} from './search/generalization-pram-search.js';
