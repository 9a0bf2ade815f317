/**
 * The retention matrix of PRAM (Kooiman, Willenborg, Gouweleeuw 1997; the form of Hasegawa & Miura's eq. 3): a value is
 * kept with probability ρ and otherwise replaced by a value drawn uniformly from the whole domain V (itself included),
 * so P(v → v) = ρ + (1 − ρ)/|V| and P(v → u) = (1 − ρ)/|V| for u ≠ v. ρ = 0 releases uniform noise, ρ = 1 the data.
 */
import { PrivacyError } from '../core/measures.js';
import { makeTransitionMatrix, type TransitionMatrix } from './transition-matrix.js';

export function retentionMatrix(domain: readonly string[], retain: number): TransitionMatrix {
  if (!(retain >= 0 && retain <= 1))
    throw new PrivacyError(`PRAM: the retention must be a probability in [0, 1], got ${retain}`);
  const n = domain.length;
  if (n === 0) throw new PrivacyError('PRAM: the attribute has no values, so there is no domain to randomize over');
  const move = (1 - retain) / n;
  const rows = Array.from({ length: n }, (_, u) => {
    const row = new Float64Array(n).fill(move);
    row[u] = retain + move;
    return row;
  });
  return makeTransitionMatrix(domain, rows, `retention ${retain}`);
}

/** The keep probability P(v → v) = ρ + (1 − ρ)/|V| of a retention ρ over |V| values. */
export function keepProbability(retain: number, domainSize: number): number {
  return retain + (1 - retain) / domainSize;
}
