/**
 * PRAM as a measurement that carries its privacy map (OpenDP's habit; `make-pram.md` has the proof): the input is one
 * column per randomized attribute, the output the randomized columns. The cost is the local-DP ε of the Kronecker
 * product of the matrices, Σ_a ε_a (Kooiman, Willenborg, Gouweleeuw 1997; local DP as in Kairouz, Oh, Viswanath 2014).
 *
 * This ε protects each record on its own, whoever holds the rest of the data. A PRAM release is a microdata release,
 * like a generalization: it spends nothing from a spec's central DP budget, and reports state its ε_local instead.
 */
import { makeMeasurement, type Measurement } from '../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../core/measures.js';
import { cryptoRandom, type RandomSource } from '../core/random.js';
import type { Column } from '../table/table.js';
import { applyPram } from './apply-pram.js';
import { combinedEpsilon, localEpsilon } from './local-epsilon.js';
import type { TransitionMatrix } from './transition-matrix.js';

export interface PramOptions {
  /** One matrix per attribute, in the order of the columns `invoke` receives. */
  readonly matrices: readonly TransitionMatrix[];
  readonly rng?: RandomSource;
}

export function makePram(options: PramOptions): Measurement<readonly Column[], Column[]> {
  const matrices = options.matrices;
  if (matrices.length === 0) throw new PrivacyError('PRAM: give at least one attribute to randomize');
  const epsilon = combinedEpsilon(matrices);
  const rng = options.rng ?? cryptoRandom();
  const parameters: Record<string, number | string | boolean> = {
    attributes: matrices.length,
    deterministic: rng.deterministic,
  };
  matrices.forEach((m, i) => {
    parameters[`epsilon${i + 1}`] = localEpsilon(m);
    parameters[`matrix${i + 1}`] = m.description;
  });
  return makeMeasurement({
    name: 'pram',
    measure: 'pure',
    dIn: 1,
    parameters,
    // Records are randomized independently, so d changed records cost d·ε (group privacy); 0 when none changes.
    map: (dIn: number): PrivacyCost => ({ kind: 'pure', epsilon: dIn > 0 ? dIn * epsilon : 0 }),
    invoke: (columns: readonly Column[]) => applyPram(columns, matrices, rng),
  });
}
