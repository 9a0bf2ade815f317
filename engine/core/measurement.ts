/**
 * A measurement: a randomized function that carries its own privacy map (OpenDP's `Measurement`,
 * `rust/src/core/mod.rs`). `invoke(x)` releases; `map(dIn)` states the privacy loss for inputs at distance `dIn`
 * (the sensitivity of the query it is applied to); `cost` is `map(dIn)` at the distance the measurement was built for.
 *
 * Constructors (`make*`) check their parameters eagerly and prove, in the sibling `.md`, that `map` is an upper
 * bound on the loss. Composition adds up `cost`s; nothing else computes a mechanism's loss.
 */
import { PrivacyError, type PrivacyCost, type PrivacyMeasure } from './measures.js';

export interface Measurement<I, O> {
  /** The mechanism's name as reports show it, e.g. `laplace`. */
  readonly name: string;
  readonly measure: PrivacyMeasure;
  /** The input distance (sensitivity) the measurement was constructed for. */
  readonly dIn: number;
  /** `map(dIn)`: the privacy cost of one invocation. */
  readonly cost: PrivacyCost;
  /** Noise parameters for reports (scale, σ, grid exponent k, …). */
  readonly parameters: Readonly<Record<string, number | string | boolean>>;
  invoke(x: I): O;
  map(dIn: number): PrivacyCost;
}

export interface MeasurementSpec<I, O> {
  name: string;
  measure: PrivacyMeasure;
  dIn: number;
  parameters: Record<string, number | string | boolean>;
  invoke(x: I): O;
  map(dIn: number): PrivacyCost;
}

export function makeMeasurement<I, O>(spec: MeasurementSpec<I, O>): Measurement<I, O> {
  if (!(spec.dIn >= 0) || !Number.isFinite(spec.dIn))
    throw new PrivacyError(`${spec.name}: sensitivity must be a finite number ≥ 0, got ${spec.dIn}`);
  const cost = spec.map(spec.dIn);
  if (cost.kind !== spec.measure)
    throw new PrivacyError(`${spec.name}: privacy map returns ${cost.kind}, expected ${spec.measure}`);
  return Object.freeze({ ...spec, cost, parameters: Object.freeze({ ...spec.parameters }) });
}

/** Whether `m` at input distance `dIn` stays within `budget` (same measure; each component ≤). */
export function check(m: Measurement<unknown, unknown>, dIn: number, budget: PrivacyCost): boolean {
  const c = m.map(dIn);
  if (c.kind === 'pure' && budget.kind === 'pure') return c.epsilon <= budget.epsilon;
  if (c.kind === 'approx' && budget.kind === 'approx') return c.epsilon <= budget.epsilon && c.delta <= budget.delta;
  if (c.kind === 'zcdp' && budget.kind === 'zcdp') return c.rho <= budget.rho;
  throw new PrivacyError(`cannot compare a ${c.kind} cost with a ${budget.kind} budget`);
}
