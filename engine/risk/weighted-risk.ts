/**
 * Survey-weighted disclosure risk of a sample, as national statistical offices measure it with μ-ARGUS and sdcMicro:
 * each record's individual risk r_k (see `individual-risk.ts`; Benedetti & Franconi 1998, Franconi & Polettini 2004),
 * the expected number of re-identifications Σ r_k, the global risk (their mean), and the records that stand out.
 * The classes are formed once; every figure reads the per-class f_k and F̂_k.
 */
import { equivalenceClasses, type EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import { rowKeyValues } from '../anonymity/class-key.js';
import type { Table } from '../table/table.js';
import { compensatedSum, individualRisk, type IndividualRiskMethod } from './individual-risk.js';
import { aboveMainPart, median } from './robust-spread.js';
import { surveyWeights } from './survey-weights.js';

/** Records whose individual risk exceeds this are flagged; sdcMicro's floor for a risk worth reporting. */
export const DEFAULT_INDIVIDUAL_RISK_THRESHOLD = 0.1;

export interface WeightedRiskOptions {
  readonly method?: IndividualRiskMethod;
  readonly threshold?: number;
  /** How many of the riskiest key combinations to list (10 when omitted). */
  readonly top?: number;
  /** Classes formed by the caller (generalized, say); the table's own on `qi` when omitted. */
  readonly classes?: EquivalenceClasses;
  /** A row's key as the classes see it; the raw values of `qi` when omitted. */
  readonly keyOf?: (row: number) => string[];
}

/** Per class: sample count, estimated population count and risk; per record through `classes.classOf`. */
export interface ClassRisks {
  readonly classes: EquivalenceClasses;
  readonly fk: Int32Array;
  readonly Fk: Float64Array;
  readonly risk: Float64Array;
}

export interface RiskBand {
  /** Lower bound (inclusive, except the first band, which starts at 0 inclusive) and upper bound (inclusive). */
  readonly from: number;
  readonly to: number;
  readonly records: number;
  readonly classes: number;
}

export interface RiskyCombination {
  readonly key: readonly string[];
  readonly fk: number;
  readonly Fk: number;
  readonly risk: number;
}

export interface WeightedRisk {
  readonly weight: string;
  readonly method: IndividualRiskMethod;
  readonly expectedReidentifications: number;
  readonly globalRisk: number;
  readonly summary: { readonly min: number; readonly median: number; readonly mean: number; readonly max: number };
  readonly highRiskRecords: {
    readonly threshold: number;
    /** Records whose risk is strictly above the threshold. */
    readonly aboveThreshold: number;
    /**
     * Records above median + 2·MAD and above MAIN_PART_FLOOR (sdcMicro's "higher risk than the main part of the
     * data").
     */
    readonly higherThanMainPart: number;
    readonly mainPartCutoff: number;
  };
  readonly distribution: readonly RiskBand[];
  readonly riskiest: readonly RiskyCombination[];
  /** Per record, in file order: the record's fk, F̂k and risk (for `--per-record` and the editor's diagnostics). */
  readonly perRecord: { readonly fk: Int32Array; readonly Fk: Float64Array; readonly risk: Float64Array };
}

/** The bands the risk report and the CLI tabulate; the last one closes at 1. */
export const RISK_BANDS: readonly number[] = [0, 0.001, 0.01, 0.05, 0.1, 0.2, 0.5, 1];

/**
 * f_k, F̂_k and r_k of every class of `table` on `qi`, with the weights read from column `weight`. `classes` may be
 * given when the caller has formed them already (the editor's check counts pinned columns at their level).
 */
export function classRisks(
  table: Table,
  qi: readonly string[],
  weight: string,
  method: IndividualRiskMethod = 'approx',
  formed?: EquivalenceClasses,
): ClassRisks {
  const weights = surveyWeights(table, weight);
  const classes = formed ?? equivalenceClasses(table, qi);
  const fk = Int32Array.from(classes.sizes);
  const Fk = new Float64Array(classes.classCount);
  for (let r = 0; r < table.rowCount; r++) Fk[classes.classOf[r]] += weights[r];
  // Many classes share (f_k, F̂_k) — always so with a constant weight — and the exact series is worth computing once.
  const memo = new Map<string, number>();
  const risk = new Float64Array(classes.classCount);
  for (let id = 0; id < classes.classCount; id++) {
    const key = `${fk[id]}/${Fk[id]}`;
    let r = memo.get(key);
    if (r === undefined) memo.set(key, (r = individualRisk(fk[id], Fk[id], method)));
    risk[id] = r;
  }
  return { classes, fk, Fk, risk };
}

export function weightedRisk(
  table: Table,
  qi: readonly string[],
  weight: string,
  options: WeightedRiskOptions = {},
): WeightedRisk {
  const method = options.method ?? 'approx';
  const threshold = options.threshold ?? DEFAULT_INDIVIDUAL_RISK_THRESHOLD;
  if (!(threshold >= 0 && threshold <= 1))
    throw new RangeError(`the individual risk threshold must be within [0, 1], got ${threshold}`);
  const c = classRisks(table, qi, weight, method, options.classes);
  const n = table.rowCount;
  const perRecord = { fk: new Int32Array(n), Fk: new Float64Array(n), risk: new Float64Array(n) };
  let aboveThreshold = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let r = 0; r < n; r++) {
    const id = c.classes.classOf[r];
    perRecord.fk[r] = c.fk[id];
    perRecord.Fk[r] = c.Fk[id];
    const risk = (perRecord.risk[r] = c.risk[id]);
    if (risk > threshold) aboveThreshold++;
    if (risk < min) min = risk;
    if (risk > max) max = risk;
  }
  const expected = compensatedSum(perRecord.risk);
  const main = aboveMainPart(perRecord.risk);
  return {
    weight,
    method,
    expectedReidentifications: expected,
    globalRisk: n === 0 ? 0 : expected / n,
    summary:
      n === 0
        ? { min: 0, median: 0, mean: 0, max: 0 }
        : { min, median: median(perRecord.risk), mean: expected / n, max },
    highRiskRecords: { threshold, aboveThreshold, higherThanMainPart: main.records, mainPartCutoff: main.cutoff },
    distribution: riskBands(c),
    riskiest: riskiest(c, options.top ?? 10, options.keyOf ?? ((row) => rowKeyValues(table, qi, row))),
    perRecord,
  };
}

function riskBands(c: ClassRisks): RiskBand[] {
  const bands = RISK_BANDS.slice(0, -1).map((from, i) => ({ from, to: RISK_BANDS[i + 1], records: 0, classes: 0 }));
  for (let id = 0; id < c.risk.length; id++) {
    // Band i holds risks in (from, to]; the first band also holds 0.
    let i = 0;
    while (i < bands.length - 1 && c.risk[id] > bands[i].to) i++;
    bands[i].records += c.fk[id];
    bands[i].classes++;
  }
  return bands;
}

/** The `top` classes of highest risk; among equal risks the larger class first, then the one seen first in the file. */
function riskiest(c: ClassRisks, top: number, keyOf: (row: number) => string[]): RiskyCombination[] {
  // The editor's flags ask for none: no sort of every class then.
  if (top <= 0) return [];
  const ids = Array.from({ length: c.risk.length }, (_, i) => i);
  ids.sort((a, b) => c.risk[b] - c.risk[a] || c.fk[b] - c.fk[a] || a - b);
  return ids
    .slice(0, top)
    .map((id) => ({ key: keyOf(c.classes.firstRow[id]), fk: c.fk[id], Fk: c.Fk[id], risk: c.risk[id] }));
}
