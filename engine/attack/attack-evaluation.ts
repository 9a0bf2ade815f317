/**
 * The attack scored against the truth, beside the risk the release promised.
 *
 * The truth is the original file with an identifier column, and an alignment says which truth record each released
 * record was released from (row-alignment.ts: privspec's private row key for a file it wrote, which is shuffled and
 * leaves suppressed records out; the truth's own order, checked, for any other file). A link is correct when it names
 * the identifier of the released record's own truth record.
 *
 * Predicted rate, per released record j, averaged over the release:
 * - generalization (Sweeney 2002; the prosecutor model of El Emam & Dankar 2008): 1/|class of j|, the class being the
 *   released records with j's tuple — an attacker cannot tell them apart, so no strategy links j correctly more often;
 * - PRAM (Hasegawa & Miura's identification risk, after Ikarashi et al. 2015): max_r η(r, j). η(r, j) is the posterior
 *   probability, given the original file and the release, that released record j is original record r, so an attacker
 *   who knows the original file links j correctly with probability at most max_r η(r, j) (Bayes: no decision rule beats
 *   the posterior's mode), and one holding decoys as well knows less. The mean of η's diagonal, η(j, j), is reported
 *   beside it: it is the success of an attacker who draws the link from the posterior, and a maximum-likelihood
 *   attacker does better on average (test/engine/attack/pram-attack.test.ts measures both).
 *
 * Tolerance: records are scored as if independent Bernoulli trials with the predicted probabilities, so the measured
 * rate has standard error σ = √(Σ p_j (1 − p_j)) / n; the attack exceeds the prediction when rate > predicted + 3σ (a
 * one-sided 3σ bound: a false alarm in about 0.13 % of attacks that only meet the promise).
 */
import { PrivacyError } from '../core/measures.js';
import type { TransitionMatrix } from '../pram/transition-matrix.js';
import { identificationRisk } from '../risk/identification-risk.js';
import { column, type Table } from '../table/table.js';
import type { AttributeModel } from './linkage-edges.js';
import type { AttackResult } from './linkage-attack.js';
import { recordGroups } from './record-groups.js';
import { recordOrder, type RowAlignment } from './row-alignment.js';

/**
 * η needs the n × n linkage matrix; larger releases get no PRAM prediction (the same limit as the PRAM release's
 * report).
 */
export const ETA_LIMIT = 2000;

export interface AttackEvaluation {
  /** How released records were matched to truth records (row-alignment.ts). */
  readonly alignment: RowAlignment['basis'];
  /** Correct links of the one-to-one attack. */
  readonly correct: number;
  readonly rate: number;
  /** Correct links of the per-record attack (each record's most likely candidate). */
  readonly bestCorrect: number;
  readonly bestRate: number;
  /** One-to-one links to a unique most likely candidate, and how many of them are correct. */
  readonly confident: number;
  readonly confidentCorrect: number;
  readonly precision: number | null;
  /**
   * The mean predicted probability of a correct link, or null when it cannot be computed (`predictedNote` says why).
   */
  readonly predictedRate: number | null;
  readonly predictedBasis: 'class size' | 'eta' | 'none';
  /** PRAM only: the mean of η's diagonal, the success of an attacker who draws each link from the posterior. */
  readonly etaDiagonalMean?: number;
  readonly predictedNote?: string;
  /** 3σ of the measured rate around the prediction. */
  readonly tolerance: number | null;
  readonly exceeds: boolean;
  /**
   * Per released record: its predicted probability (NaN without a prediction) and whether the one-to-one link is
   * correct.
   */
  readonly perRecord: readonly { readonly predicted: number; readonly correct: boolean }[];
}

/**
 * Scores the attack. Without `alignment` the truth must be in the release's record order, one record per released one;
 * with it, released record j is truth record `alignment.truthRows[j]` (truth records absent from the release were
 * suppressed).
 */
export function evaluateAttack(
  result: AttackResult,
  released: Table,
  truth: Table,
  options: {
    qi: readonly string[];
    id: string;
    models?: ReadonlyMap<string, AttributeModel>;
    alignment?: RowAlignment;
  },
): AttackEvaluation {
  const n = released.rowCount;
  if (!options.alignment && truth.rowCount !== n) {
    throw new PrivacyError(
      `attack: the truth ${truth.source ?? 'file'} has ${truth.rowCount} records but the release ${n}; give the original file in the release's record order`,
    );
  }
  const alignment = options.alignment ?? recordOrder(n);
  if (alignment.truthRows.length !== n)
    throw new PrivacyError(
      `attack: the alignment names ${alignment.truthRows.length} released records, the release has ${n}`,
    );
  for (const t of alignment.truthRows) {
    if (!(t >= 0 && t < truth.rowCount))
      throw new PrivacyError(
        `attack: the alignment names truth record ${t + 1}, the truth ${truth.source ?? 'file'} has ${truth.rowCount}`,
      );
  }
  const ids = column(truth, options.id);
  const truthId = (j: number) => ids.dictionary[ids.codes[alignment.truthRows[j]]];
  const predicted = predict(released, truth, alignment, options);
  let correct = 0;
  let bestCorrect = 0;
  let confident = 0;
  let confidentCorrect = 0;
  const perRecord = result.links.map((link, r) => {
    const ok = link.match !== undefined && link.match.candidate === truthId(r);
    if (ok) correct++;
    if (link.best && link.best.candidate === truthId(r)) bestCorrect++;
    if (link.match?.confident) {
      confident++;
      if (ok) confidentCorrect++;
    }
    return { predicted: predicted.p ? predicted.p[r] : NaN, correct: ok };
  });
  const rate = n === 0 ? 0 : correct / n;
  let predictedRate: number | null = null;
  let tolerance: number | null = null;
  if (predicted.p && n > 0) {
    let sum = 0;
    let variance = 0;
    for (const p of predicted.p) {
      sum += p;
      variance += p * (1 - p);
    }
    predictedRate = sum / n;
    tolerance = (3 * Math.sqrt(variance)) / n;
  }
  return {
    alignment: alignment.basis,
    correct,
    rate,
    bestCorrect,
    bestRate: n === 0 ? 0 : bestCorrect / n,
    confident,
    confidentCorrect,
    precision: confident === 0 ? null : confidentCorrect / confident,
    predictedRate,
    predictedBasis: predicted.basis,
    ...(predicted.diagonal ? { etaDiagonalMean: predicted.diagonal.reduce((a, b) => a + b, 0) / n } : {}),
    ...(predicted.note ? { predictedNote: predicted.note } : {}),
    tolerance,
    // A tiny allowance for rounding in the sums, far below one record in 10^9.
    exceeds: predictedRate !== null && tolerance !== null && rate > predictedRate + tolerance + 1e-12,
    perRecord,
  };
}

interface Prediction {
  readonly p?: Float64Array;
  readonly basis: 'class size' | 'eta' | 'none';
  readonly note?: string;
  readonly diagonal?: Float64Array;
}

function predict(
  released: Table,
  truth: Table,
  alignment: RowAlignment,
  options: { qi: readonly string[]; models?: ReadonlyMap<string, AttributeModel> },
): Prediction {
  const models = options.qi.map((q) => options.models?.get(q));
  const pram = models.filter((m) => m?.kind === 'pram').length;
  const n = released.rowCount;
  if (pram === 0) {
    const columns = options.qi.map((q) => column(released, q));
    const groups = recordGroups(columns, n);
    return { p: Float64Array.from(groups.groupOf, (g) => 1 / groups.rows[g].length), basis: 'class size' };
  }
  if (pram < options.qi.length)
    return {
      basis: 'none',
      note: 'η needs a PRAM matrix for every quasi-identifier; give --pram a=1 for an attribute released as it is',
    };
  if (n > ETA_LIMIT)
    return {
      basis: 'none',
      note: `η of ${n} records exceeds the ${ETA_LIMIT} × ${ETA_LIMIT} linkage matrix; attack a sample`,
    };
  const matrices = models.map((m) => (m as { matrix: TransitionMatrix }).matrix);
  // η is computed between the released records and the truth records they came from, in the release's order, so that
  // its diagonal η(j, j) is each released record's own original (a suppressed record was never released).
  const records = (t: Table, rows: ArrayLike<number>) => {
    const cols = options.qi.map((q) => column(t, q));
    return Array.from({ length: rows.length }, (_, j) => cols.map((c) => c.dictionary[c.codes[rows[j]]]));
  };
  const eta = identificationRisk(
    records(truth, alignment.truthRows),
    records(released, recordOrder(n).truthRows),
    matrices,
  );
  const best = new Float64Array(n);
  for (const row of eta.eta) row.forEach((x, j) => (best[j] = Math.max(best[j], x)));
  const diagonal = Float64Array.from({ length: n }, (_, r) => eta.eta[r][r]);
  return {
    p: best,
    diagonal,
    basis: 'eta',
    ...(eta.method === 'approximate' ? { note: `η approximated by MCMC (each within ±${eta.bound?.toFixed(4)})` } : {}),
  };
}
