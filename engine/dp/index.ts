/**
 * The differential-privacy API of the engine: what `language/`, `cli/` and the webview import.
 * Everything here is stable; internals (samplers' helpers, rounding) stay behind their own files.
 */
export type { PrivacyCost, PrivacyMeasure } from '../core/measures.js';
export { pure, approx, zcdp, formatCost, PrivacyError } from '../core/measures.js';
export type { Measurement } from '../core/measurement.js';
export { check, makeMeasurement, type MeasurementSpec } from '../core/measurement.js';
export type { RandomSource } from '../core/random.js';
export { cryptoRandom, seededRandom } from '../core/random.js';

export { sequentialEpsilon, parallelEpsilon, splitEpsilon } from './accounting/pure.js';
export { basicComposition, advancedComposition } from './accounting/approx.js';
export { sequentialComposition } from './accounting/compose.js';
export { discreteGaussianDelta, discreteGaussianEpsilon } from './accounting/discrete-gaussian-dp.js';
export {
  rhoFromPureEpsilon,
  epsilonClassic,
  epsilonOptimal,
  deltaOptimal,
  rhoClassic,
  rhoOptimal,
  composeZcdp,
} from './accounting/zcdp.js';

export { makeLaplace, type LaplaceOptions } from './mechanisms/laplace.js';
export { makeGaussian, type GaussianOptions } from './mechanisms/gaussian.js';
export { makeExponential, type ExponentialOptions } from './mechanisms/exponential.js';
export { makeReportNoisyMax, type ReportNoisyMaxOptions } from './mechanisms/report-noisy-max.js';
export {
  makeRandomizedResponse,
  makeRandomizedResponseBool,
  type RandomizedResponseOptions,
} from './mechanisms/randomized-response.js';
export {
  makeCountMeanSketchClient,
  countMeanSketch,
  countMeanEstimate,
  defaultSketchHash,
  type SketchParameters,
  type SketchReport,
  type SketchHash,
} from './mechanisms/count-mean-sketch.js';
export {
  laplaceErrorBound,
  gaussianErrorBound,
  exponentialUtilityBound,
  type ExponentialBoundInput,
} from './utility/bounds.js';
export { auditMechanism, empiricalEpsilon, type AuditOptions, type AuditResult } from './audit/empirical-epsilon.js';
export { clopperPearson, type ProportionBounds } from './audit/clopper-pearson.js';

export { boundContributions, type ContributionBounds } from './contribution/bound-contributions.js';
export {
  composedDiscreteGaussianDelta,
  composedDiscreteGaussianEpsilon,
  calibrateComposedDiscreteGaussian,
  type ComposedCalibration,
} from './accounting/discrete-gaussian-composed.js';
export {
  exactClampedSum,
  exactClampedSumOfCells,
  exactClampedSumSensitivity,
  defaultSumExponent,
  type ExactSum,
} from './fixed-point/exact-sum.js';
