/**
 * Bayesian differential privacy for correlated records (Yang, Sato, Nakagawa, SIGMOD 2015): what the CLI, the spec
 * language and the release stack import. Exact leakage for small discrete joints; the Gaussian correlation model,
 * Algorithm 1 and the calibrated Laplace scale for graphs of up to a few thousand units.
 */
export {
  makeJointDistribution,
  jointFromTable,
  MAX_JOINT_TUPLES,
  type JointDistribution,
} from './joint-distribution.js';
export { exactBdpl, type ExactBdpl, type AdversaryLeakage, type BdplWitness } from './exact-bdpl.js';
export { logRatioRange, type Mixture, type LogRatioRange } from './laplace-mixture.js';
export {
  checkGraph,
  componentCount,
  graphFromEdgeTable,
  type CorrelationGraph,
  type Edge,
  type LabelledGraph,
} from './correlation-graph.js';
export {
  gaussianLeakage,
  bdpLaplaceScale,
  precisionMatrix,
  MAX_GAUSSIAN_UNITS,
  type GaussianLeakage,
} from './gaussian-leakage.js';
export { leakageCoefficients } from './leakage-coefficients.js';
export { conditionalLeakage, inverseLeakage } from './direct-leakage.js';
export { makeBdpLaplace, type BdpLaplaceOptions } from './bdp-laplace.js';
export { randomCorrelationGraph } from './random-graph.js';
export { edgeListLeakage, type EdgeListLeakage } from './edge-list-leakage.js';
