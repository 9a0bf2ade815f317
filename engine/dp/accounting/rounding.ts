/**
 * Directed rounding for ε computations that go through transcendental functions.
 *
 * IEEE 754 rounds +, −, ×, ÷ and √ correctly but `Math.log`, `Math.exp` and `Math.pow` only to within about one
 * unit in the last place, in either direction. Every ε, δ or ρ this folder returns is an upper bound, so results of
 * such expressions are pushed up by `SLACK_ULPS` units in the last place — more than the error of the few operations
 * involved — and lower bounds (a ρ or a budget share the caller may spend) are pushed down the same way.
 */
import { nextDown, nextUp } from '../../core/rational.js';

export const SLACK_ULPS = 8;

/** x moved up by `SLACK_ULPS` ulps: an upper bound for a value computed as x with transcendental functions. */
export function roundUp(x: number): number {
  for (let i = 0; i < SLACK_ULPS; i++) x = nextUp(x);
  return x;
}

/** x moved down by `SLACK_ULPS` ulps (never below 0). */
export function roundDown(x: number): number {
  for (let i = 0; i < SLACK_ULPS; i++) x = nextDown(x);
  return Math.max(0, x);
}
