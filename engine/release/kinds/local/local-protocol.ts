/**
 * One local DP protocol as a release and its estimator use it: the client that turns a unit's value into its report
 * (k-ary randomized response, or Apple's count-mean sketch), the report's columns in the file, and the server's
 * estimate from a file of reports. The same object serves the release (which randomizes and estimates), `privspec
 * estimate` (which estimates from a file written elsewhere) and the preview (which states the expected errors), so the
 * three read one set of parameters.
 */
import { PrivacyError } from '../../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../../core/random.js';
import { makeCountMeanSketchClient } from '../../../dp/mechanisms/count-mean-sketch.js';
import { sketchHex } from '../../../dp/mechanisms/count-mean-sketch-estimate.js';
import type { FrequencyEstimates } from '../../../dp/mechanisms/randomized-response-estimate.js';
import { makeRandomizedResponse } from '../../../dp/mechanisms/randomized-response.js';
import {
  sketchCoefficientsProblem,
  sketchHashCoefficients,
  sketchHashOf,
  type SketchHashCoefficients,
} from '../../../dp/mechanisms/sketch-hash-family.js';
import type { ProblemField } from '../../plan-problem.js';
import type { QueryOf } from '../release-kind.js';
import { countMeanSketchEstimator, randomizedResponseEstimator, type LocalEstimator } from './local-estimator.js';

export { ReportError } from './report-error.js';

export type LocalQuery = QueryOf<'local'>;

/** The bounds the checker and the release hold a sketch's parameters to (Apple 2017 deploy k ≤ 65,536, m ≤ 2,048). */
export const MAX_HASHES = 65536;
export const MAX_WIDTH = 65536;

/** The columns of a count-mean sketch's report file: the hash function's index and the signs in hexadecimal. */
export const SKETCH_COLUMNS = ['hash', 'sketch'] as const;

export interface LocalProtocol {
  /** The local ε of one report, as the mechanism states it (rounded up). */
  readonly epsilon: number;
  /** The columns of the report file. */
  readonly header: readonly string[];
  /** The public parameters the report states and the estimator needs. */
  readonly parameters: Readonly<Record<string, unknown>>;
  /** One unit's report from its value (the value must be in the domain). */
  randomize(value: string): string[];
  /** The estimates over the domain from a file's rows (under `header`); a malformed row throws a ReportError. */
  estimate(rows: readonly (readonly string[])[]): FrequencyEstimates;
  /** The same estimate from reports added as they are read, in memory that does not grow with them. */
  estimator(): LocalEstimator;
}

/** Problems of the query's parameters, in the checker's words, before any data. */
export function localParameterProblems(q: LocalQuery): { field: ProblemField; message: string }[] {
  const problems: { field: ProblemField; message: string }[] = [];
  if (!(q.epsilon > 0) || !Number.isFinite(q.epsilon))
    problems.push({ field: 'epsilon', message: `local ε must be a finite number > 0, got ${q.epsilon}` });
  const sketch = q.protocol === 'count-mean-sketch';
  if (sketch && (q.hashes === undefined || q.width === undefined))
    problems.push({
      field: 'protocol',
      message: "count-mean-sketch needs 'hashes K width M' (e.g. hashes 256 width 1024)",
    });
  if (!sketch && q.hashes !== undefined)
    problems.push({ field: 'hashes', message: 'randomized-response takes no hashes or width (they are the sketch’s)' });
  if (sketch && q.hashes !== undefined && !(Number.isInteger(q.hashes) && q.hashes >= 1 && q.hashes <= MAX_HASHES))
    problems.push({ field: 'hashes', message: `hashes must be an integer in [1, ${MAX_HASHES}], got ${q.hashes}` });
  if (sketch && q.width !== undefined && !(Number.isInteger(q.width) && q.width >= 2 && q.width <= MAX_WIDTH))
    problems.push({ field: 'width', message: `width must be an integer in [2, ${MAX_WIDTH}], got ${q.width}` });
  return problems;
}

/**
 * The protocol of a query over its declared domain. `hashSeed` fixes a sketch's hash family: a release draws it from
 * the run's generator and writes it, and the 3·k coefficients it expands to, in its report; the estimator reads back
 * the coefficients (which a collection run elsewhere can state without privspec's stream) or the seed.
 */
export function localProtocol(
  q: LocalQuery,
  domain: readonly string[],
  options: { rng?: RandomSource; hashSeed?: number; hashCoefficients?: SketchHashCoefficients } = {},
): LocalProtocol {
  const problem = localParameterProblems(q)[0];
  if (problem) throw new PrivacyError(problem.message);
  if (domain.length < 2) throw new PrivacyError(`local ${q.protocol}: the domain of '${q.column}' needs two values`);
  const rng = options.rng ?? cryptoRandom();
  return q.protocol === 'randomized-response'
    ? randomizedResponse(q, domain, rng)
    : countMeanSketch(q, domain, rng, options.hashCoefficients ?? options.hashSeed ?? rng.nextUint32());
}

function randomizedResponse(q: LocalQuery, domain: readonly string[], rng: RandomSource): LocalProtocol {
  const m = makeRandomizedResponse({ categories: domain, epsilon: q.epsilon, rng });
  const prob = m.parameters.prob as number;
  const epsilon = (m.map(1) as { epsilon: number }).epsilon;
  const estimator = () => randomizedResponseEstimator(domain, q.column, prob);
  return {
    epsilon,
    header: [q.column],
    parameters: { protocol: q.protocol, epsilon, domain, keepProbability: prob },
    randomize: (value) => [m.invoke(value)],
    estimator,
    estimate: (rows) => estimateAll(estimator(), rows),
  };
}

function countMeanSketch(
  q: LocalQuery,
  domain: readonly string[],
  rng: RandomSource,
  family: number | SketchHashCoefficients,
): LocalProtocol {
  const k = q.hashes!;
  const width = q.width!;
  const hashSeed = typeof family === 'number' ? family : undefined;
  const coefficients = typeof family === 'number' ? sketchHashCoefficients(k, family) : family;
  const problem = sketchCoefficientsProblem(
    { r: Array.from(coefficients.r), a: Array.from(coefficients.a), b: Array.from(coefficients.b) },
    k,
  );
  if (problem) throw new PrivacyError(`count-mean sketch: ${problem}`);
  const hash = sketchHashOf(coefficients, width);
  const client = makeCountMeanSketchClient({ k, m: width, epsilon: q.epsilon, hash, rng });
  const flipProbability = client.parameters.flipProbability as number;
  const epsilon = (client.map(1) as { epsilon: number }).epsilon;
  const estimator = () => countMeanSketchEstimator(domain, { k, m: width, flipProbability, hash });
  return {
    epsilon,
    header: [...SKETCH_COLUMNS],
    parameters: {
      protocol: q.protocol,
      epsilon,
      domain,
      hashes: k,
      width,
      flipProbability,
      ...(hashSeed !== undefined ? { hashSeed } : {}),
      hashFamily:
        'h_j(d) = ((a_j·x_j(d) + b_j) mod p) mod width, x_j(d) = Σ_i (d_i + 1)·r_j^(i+1) mod p over the UTF-16 code units d_i of d (i from 0), p = 2^31 − 1; r_j, a_j, b_j are hashCoefficients.r[j], .a[j], .b[j] (drawn from the ChaCha20 stream keyed by "count-mean-sketch hash family <hashSeed>", engine/dp/mechanisms/sketch-hash-family.ts)',
      hashCoefficients: { r: Array.from(coefficients.r), a: Array.from(coefficients.a), b: Array.from(coefficients.b) },
    },
    randomize(value) {
      const report = client.invoke(value);
      return [String(report.j), sketchHex(report.bits)];
    },
    estimator,
    estimate: (rows) => estimateAll(estimator(), rows),
  };
}

function estimateAll(estimator: LocalEstimator, rows: readonly (readonly string[])[]): FrequencyEstimates {
  estimator.addRows(rows);
  return estimator.finish();
}

/** The estimates as a report states them: one entry per domain value. */
export function estimateRecords(domain: readonly string[], e: FrequencyEstimates) {
  return domain.map((value, i) => ({
    value,
    estimate: Number(e.estimates[i].toPrecision(8)),
    standardError: Number(e.standardErrors[i].toPrecision(6)),
  }));
}

/** How many standard errors Σ_d f̃(d) may stray from n before the estimates are called inconsistent. */
export const SUM_CHECK_SIGMAS = 6;

/**
 * Whether the estimates add up to the number of reports, as they do (in mean) when the reports are read with the
 * clients' parameters: every unit's value is in the domain, so Σ_d f̃(d) has mean n. A wrong hash seed, ε or domain
 * moves the sum far away (a wrong seed to about 0). Undefined where the sum is n by construction (randomized
 * response), so there is nothing to check.
 */
export function estimatesSumCheck(e: FrequencyEstimates) {
  if (e.sumVariance === undefined) return undefined;
  const sum = e.estimates.reduce((s, x) => s + x, 0);
  const standardError = Math.sqrt(e.sumVariance);
  const consistent = Math.abs(sum - e.n) <= SUM_CHECK_SIGMAS * standardError;
  return {
    sum: Number(sum.toPrecision(8)),
    reports: e.n,
    standardError: Number(standardError.toPrecision(6)),
    consistent,
    ...(consistent
      ? {}
      : {
          warning: `the estimates add up to ${Number(sum.toPrecision(6))}, not about ${e.n} (more than ${SUM_CHECK_SIGMAS} standard errors of ${Number(standardError.toPrecision(3))} away): the reports were probably not made with this hash seed, ε or domain`,
        }),
  };
}
