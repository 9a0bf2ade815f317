/**
 * The attack's figures as plain data: the summary every front end prints (the CLI's JSON, the risk report's section),
 * the matching table written to `--out`, and the records most at risk. One function per figure, so the command line
 * and the editor cannot disagree.
 */
import type { AttackEvaluation } from './attack-evaluation.js';
import type { AttackResult } from './linkage-attack.js';

export interface AttackSummary {
  readonly released: number;
  readonly candidates: number;
  readonly matched: number;
  readonly ties: number;
  /** With the truth: `row key` (the private key privspec kept for a file it wrote) or `record order` (checked). */
  readonly alignment?: string;
  /** `record order` only: the attributes the order was checked on. */
  readonly verifiedOn?: readonly string[];
  readonly correct?: number;
  readonly rate?: number;
  readonly bestCorrect?: number;
  readonly bestRate?: number;
  readonly confident?: number;
  readonly precision?: number | null;
  /** The mean predicted probability of a correct link (null when it cannot be computed); only with the truth. */
  readonly predictedRate?: number | null;
  readonly predictedBasis?: string;
  readonly predictedNote?: string;
  readonly etaDiagonalMean?: number;
  readonly tolerance?: number | null;
  readonly toleranceMeaning?: string;
  readonly exceeds?: boolean;
  readonly seeded?: boolean;
  readonly atRisk: readonly AtRiskRecord[];
}

export interface AtRiskRecord {
  /** 1-based record number in the released file. */
  readonly record: number;
  readonly candidate: string;
  readonly score: number;
  readonly correct?: boolean;
}

export const TOLERANCE_MEANING =
  'the measured rate exceeds the prediction when rate > predictedRate + tolerance, tolerance = 3·√(Σ p(1−p))/n (3 binomial standard errors)';

export function attackSummary(result: AttackResult, evaluation?: AttackEvaluation, atRiskCount = 10): AttackSummary {
  const base = { released: result.released, candidates: result.candidates, matched: result.matched, ties: result.ties };
  const atRisk = mostAtRisk(result, evaluation, atRiskCount);
  const seeded = result.seeded ? { seeded: true } : {};
  if (!evaluation) return { ...base, ...seeded, atRisk };
  return {
    ...base,
    alignment: evaluation.alignment,
    correct: evaluation.correct,
    rate: evaluation.rate,
    bestCorrect: evaluation.bestCorrect,
    bestRate: evaluation.bestRate,
    confident: evaluation.confident,
    precision: evaluation.precision,
    predictedRate: evaluation.predictedRate,
    predictedBasis: evaluation.predictedBasis,
    ...(evaluation.predictedNote ? { predictedNote: evaluation.predictedNote } : {}),
    ...(evaluation.etaDiagonalMean !== undefined ? { etaDiagonalMean: evaluation.etaDiagonalMean } : {}),
    tolerance: evaluation.tolerance,
    toleranceMeaning: TOLERANCE_MEANING,
    exceeds: evaluation.exceeds,
    ...seeded,
    atRisk,
  };
}

/** The one-to-one links with the highest scores (the attacker's most confident), best first. */
export function mostAtRisk(
  result: AttackResult,
  evaluation: AttackEvaluation | undefined,
  count: number,
): AtRiskRecord[] {
  const linked = result.links.flatMap((l, r) => (l.match ? [{ r, m: l.match }] : []));
  linked.sort((a, b) => b.m.score - a.m.score || a.r - b.r);
  return linked.slice(0, count).map(({ r, m }) => ({
    record: r + 1,
    candidate: m.candidate,
    score: m.score,
    ...(evaluation ? { correct: evaluation.perRecord[r].correct } : {}),
  }));
}

/**
 * The matching table: released record → candidate, score, log-likelihood, confidence, and correctness with the truth.
 */
export function matchTable(
  result: AttackResult,
  evaluation?: AttackEvaluation,
): { header: string[]; rows: string[][] } {
  const header = [
    'released_record',
    'candidate',
    'score',
    'log_likelihood',
    'confident',
    'tied_best',
    ...(evaluation ? ['correct'] : []),
  ];
  const rows = result.links.map((l, r) => [
    String(r + 1),
    l.match?.candidate ?? '',
    l.match ? String(l.match.score) : '',
    l.match ? String(l.match.logLikelihood) : '',
    l.match ? String(l.match.confident) : '',
    String(l.tiedBest),
    ...(evaluation ? [String(evaluation.perRecord[r].correct)] : []),
  ]);
  return { header, rows };
}
