/**
 * The planning step shared by the kinds whose measurement is built from the planner's sensitivity and domains (count,
 * sum, mean, mode): the report's notes, the measurement, and the cache of plans made without a noise source.
 */
import { PrivacyError } from '../../core/measures.js';
import type { NoisePlan, PlanContext, ReleasePlan } from '../release-plan.js';
import type { ReleaseDescription } from '../release-description.js';
import type { ReleaseMeasurement } from '../release-measurement.js';
import { acceptedRiskText } from '../release-risk.js';
import type { PlanStep } from './release-kind.js';

function noiseOf(measurement: ReleaseMeasurement): NoisePlan | undefined {
  const p = measurement.parameters;
  if (typeof p.scale === 'number') return { kind: 'laplace', scale: p.scale };
  if (typeof p.sigma === 'number') return { kind: 'gaussian', sigma: p.sigma };
  if (measurement.name === 'exponential')
    return { kind: 'exponential', epsilon: Number(p.epsilon), sensitivity: Number(p.sensitivity ?? 1) };
  return undefined;
}

/**
 * Plans made without a noise source (the checker, hover and lenses, on every edit) are cached: building a measurement
 * does exact rational arithmetic, and calibrating a Gaussian histogram convolves its privacy profile. The runner always
 * passes its own source, so it never gets a cached measurement.
 */
const pricingCache = new Map<
  string,
  Pick<ReleasePlan, 'costs' | 'noise' | 'error95' | 'expectedError' | 'measurement'>
>();

/** JSON of what a plan depends on; `where` regions are Maps and declared domains Sets, spelled out so they count. */
function cacheKey(release: ReleaseDescription, context: PlanContext): string {
  const { budget, unit, correlation, domains, declaredDomains, gridBounds } = context;
  return JSON.stringify([release, budget, unit, correlation, domains, declaredDomains, gridBounds], (_, v: unknown) =>
    v instanceof Map ? [...v] : v instanceof Set ? [...v] : v,
  );
}

/**
 * The plan priced by the measurement `measure` builds with the report's notes; a refused parameter becomes a problem.
 */
export function pricedPlan(
  step: PlanStep,
  by: readonly string[],
  measure: (notes: string[]) => ReleaseMeasurement,
): ReleasePlan {
  const { plan, release, context, known } = step;
  const notes = [
    ...by.map((c) =>
      context.declaredDomains?.has(c)
        ? `the values of '${c}' are its declared domain, released whether present in the data or not`
        : `the values of '${c}' were taken from the data (accepted: data-dependent-domain)`,
    ),
    ...plan.risks.filter((r) => r.accepted).map((r) => acceptedRiskText(r)),
    ...(plan.bayesian
      ? [
          `calibrated to ε-Bayesian DP for correlated units (Yang, Sato, Nakagawa 2015): Laplace scale × (1 + max ℓ) = × ${1 + context.correlation!.maxLeakage!}`,
        ]
      : []),
  ];
  const key = context.rng === undefined ? cacheKey(release, context) : undefined;
  const cached = key === undefined ? undefined : pricingCache.get(key);
  if (cached) return { ...plan, ...cached };
  let measurement: ReleaseMeasurement;
  try {
    measurement = measure(notes);
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    return {
      ...plan,
      problems: [...plan.problems, { code: 'parameter-out-of-range', message: e.message, field: 'mechanism' }],
    };
  }
  const priced = {
    costs: measurement.costs,
    noise: noiseOf(measurement),
    error95: measurement.expectedError?.bound,
    expectedError: measurement.expectedError,
    ...(known ? { measurement } : {}),
  };
  if (key !== undefined) {
    if (pricingCache.size > 10_000) pricingCache.clear();
    pricingCache.set(key, priced);
  }
  return { ...plan, ...priced };
}
