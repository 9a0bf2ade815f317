/**
 * The survey statistician's half of `privspec risk`: the weighted individual risk (`--weight`), SUDA2 (`--suda`) and
 * the per-record file (`--per-record`). Kept apart from `risk.ts`, which reports the class-size figures every run has.
 */
import { thousands } from '../thousands.js';
import type { Table } from '../../engine/table/table.js';
import { INDIVIDUAL_RISK_METHODS, type IndividualRiskMethod } from '../../engine/risk/individual-risk.js';
import { DEFAULT_INDIVIDUAL_RISK_THRESHOLD, weightedRisk, type WeightedRisk } from '../../engine/risk/weighted-risk.js';
import { MAIN_PART_FLOOR } from '../../engine/risk/robust-spread.js';
import { DEFAULT_DIS_FRACTION, suda, type SudaResult } from '../../engine/risk/suda-scores.js';
import { equivalenceClasses } from '../../engine/anonymity/equivalence-classes.js';
import { sensitiveFrequencies } from '../../engine/anonymity/class-stats.js';
import { distinctLPerRecord } from '../../engine/risk/record-diversity.js';
import { column } from '../../engine/table/table.js';
import { guardOutputs } from '../../engine/host/files/output-guard.js';
import { writeOwnFile } from '../../engine/host/files/release-files.js';
import { formatCsv } from '../../engine/host/files/write-csv.js';
import { CliError } from '../cli-error.js';
import { isPositiveInteger, numberFlag } from '../parse-options.js';

export const SURVEY_FLAGS = {
  weight: { type: 'string' },
  method: { type: 'string' },
  'individual-risk-threshold': { type: 'string' },
  suda: { type: 'boolean' },
  'max-msu': { type: 'string' },
  'dis-fraction': { type: 'string' },
  'per-record': { type: 'string' },
} as const;

export const SURVEY_USAGE = `  --weight COL             COL holds survey weights: individual risk by the negative-binomial model (Benedetti &
                           Franconi 1998; Franconi & Polettini 2004), expected re-identifications, global risk
  --method M               approx (default, as sdcMicro) or exact: the individual risk of classes of more than 2
  --individual-risk-threshold T
                           count records whose individual risk exceeds T (default ${DEFAULT_INDIVIDUAL_RISK_THRESHOLD})
  --suda                   minimal sample uniques, SUDA and DIS-SUDA scores (Manning, Haglin & Keane 2008)
  --max-msu M              the largest MSU searched (default: all the quasi-identifiers)
  --dis-fraction F         the sampling fraction of the DIS-SUDA calibration (default ${DEFAULT_DIS_FRACTION})
  --per-record out.csv     write each record's line, fk, Fk and risk (with --weight), SUDA scores (with --suda) and
                           distinct ℓ of --sensitive; never over an input
`;

type SurveyValues = {
  [K in keyof typeof SURVEY_FLAGS]?: (typeof SURVEY_FLAGS)[K]['type'] extends 'boolean' ? boolean : string;
};

export interface SurveyOptions {
  readonly weight?: string;
  readonly method: IndividualRiskMethod;
  readonly threshold?: number;
  readonly suda: boolean;
  readonly maxMsu?: number;
  readonly disFraction?: number;
  /** Absolute path of the per-record file. */
  readonly perRecord?: string;
  /** The sensitive column whose per-record distinct ℓ the per-record file holds. */
  readonly sensitive?: string;
}

/**
 * Checks the survey flags before anything is read; the per-record file is refused when it is, or replaces, the input.
 */
export function surveyOptions(
  values: SurveyValues,
  qi: readonly string[],
  input: string,
  resolvePath: (p: string) => string,
  sensitive?: string,
): SurveyOptions {
  const method = (values.method ?? 'approx') as IndividualRiskMethod;
  if (!INDIVIDUAL_RISK_METHODS.includes(method))
    throw new CliError(`option --method: '${method}' is not one of ${INDIVIDUAL_RISK_METHODS.join(', ')}`);
  if (values.method !== undefined && values.weight === undefined)
    throw new CliError('option --method needs --weight: it chooses how the weighted individual risk is computed');
  if (values.weight !== undefined && qi.includes(values.weight))
    throw new CliError(`option --weight: '${values.weight}' is also a quasi-identifier`);
  const threshold = numberFlag(
    values['individual-risk-threshold'],
    '--individual-risk-threshold',
    (x) => x >= 0 && x <= 1,
    'a probability within [0, 1]',
  );
  const maxMsu = numberFlag(values['max-msu'], '--max-msu', isPositiveInteger, 'a positive integer');
  const disFraction = numberFlag(
    values['dis-fraction'],
    '--dis-fraction',
    (x) => x > 0 && x < 1,
    'a fraction within (0, 1)',
  );
  if ((maxMsu !== undefined || disFraction !== undefined) && !values.suda)
    throw new CliError('options --max-msu and --dis-fraction need --suda');
  const perRecord = values['per-record'] === undefined ? undefined : resolvePath(values['per-record']);
  if (perRecord !== undefined && values.weight === undefined && !values.suda && sensitive === undefined) {
    throw new CliError('option --per-record needs --weight, --suda or --sensitive: it writes their per-record figures');
  }
  if (perRecord !== undefined) guardOutputs([perRecord], [input]);
  return {
    weight: values.weight,
    method,
    threshold,
    suda: values.suda === true,
    maxMsu,
    disFraction,
    perRecord,
    sensitive,
  };
}

export interface SurveyFigures {
  readonly weighted?: WeightedRisk;
  readonly suda?: SudaResult;
  readonly sudaSeconds?: number;
  /** Each record's distinct ℓ of the sensitive column (only computed for the per-record file). */
  readonly distinctL?: { readonly sensitive: string; readonly perRecord: Int32Array };
}

export function surveyFigures(table: Table, qi: readonly string[], o: SurveyOptions): SurveyFigures {
  const weighted =
    o.weight === undefined
      ? undefined
      : weightedRisk(table, qi, o.weight, { method: o.method, threshold: o.threshold });
  const distinctL =
    o.perRecord !== undefined && o.sensitive !== undefined ? distinctLOf(table, qi, o.sensitive) : undefined;
  if (!o.suda) return { weighted, distinctL };
  const started = performance.now();
  const s = suda(table, qi, { maxMsu: o.maxMsu, disFraction: o.disFraction });
  return { weighted, suda: s, sudaSeconds: (performance.now() - started) / 1000, distinctL };
}

function distinctLOf(table: Table, qi: readonly string[], sensitive: string): SurveyFigures['distinctL'] {
  const classes = equivalenceClasses(table, qi);
  return {
    sensitive,
    perRecord: distinctLPerRecord(sensitiveFrequencies(classes, column(table, sensitive)), classes.classOf),
  };
}

/**
 * The JSON keys the contract names (`individualRisk`, `expectedReidentifications`, `globalRisk`, `highRiskRecords`) and
 * `suda`.
 */
export function surveyJson(
  f: SurveyFigures,
  qi: readonly string[],
  disFraction = DEFAULT_DIS_FRACTION,
): Record<string, unknown> {
  const w = f.weighted;
  const s = f.suda;
  return {
    ...(w && {
      weight: w.weight,
      individualRisk: {
        method: w.method,
        ...w.summary,
        distribution: w.distribution,
        riskiest: w.riskiest.map((c) => ({
          key: Object.fromEntries(qi.map((q, i) => [q, c.key[i]])),
          fk: c.fk,
          Fk: c.Fk,
          risk: c.risk,
        })),
      },
      expectedReidentifications: w.expectedReidentifications,
      globalRisk: w.globalRisk,
      highRiskRecords: w.highRiskRecords,
    }),
    ...(s && {
      suda: {
        maxMsu: s.maxMsu,
        disFraction,
        dis: s.dis,
        sampleUniques: s.sampleUniques,
        pairedRecords: s.pairedRecords,
        msusBySize: Object.fromEntries(s.msusBySize.map((c, i) => [String(i + 1), c])),
        recordsWithMsu: s.recordsWithMsu,
        maxScore: s.score.reduce((m, x) => Math.max(m, x), 0),
        maxDisScore: s.disScore.reduce((m, x) => Math.max(m, x), 0),
        disScoreBands: s.disBands,
        attributeContributions: s.attributeContributions,
      },
    }),
  };
}

const int = thousands;
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

export function surveyText(f: SurveyFigures, qi: readonly string[]): string[] {
  const lines: string[] = [];
  const w = f.weighted;
  if (w) {
    lines.push(
      `Individual risk with survey weights '${w.weight}' (${w.method === 'approx' ? 'Franconi & Polettini approximation' : 'exact negative-binomial risk'})`,
    );
    lines.push(
      `  expected re-identifications  ${w.expectedReidentifications.toFixed(2)}   global risk ${pct(w.globalRisk)}`,
    );
    lines.push(
      `  individual risk              min ${w.summary.min.toPrecision(3)}   median ${w.summary.median.toPrecision(3)}   max ${w.summary.max.toPrecision(3)}`,
    );
    lines.push(
      `  ${`records above ${w.highRiskRecords.threshold}`.padEnd(29)}${int(w.highRiskRecords.aboveThreshold)}`,
    );
    lines.push(
      `  higher than the main part    ${int(w.highRiskRecords.higherThanMainPart)} (risk > median + 2·MAD = ${w.highRiskRecords.mainPartCutoff.toPrecision(3)} and > ${MAIN_PART_FLOOR})`,
    );
    lines.push('  risk              classes     records');
    for (const b of w.distribution)
      if (b.records > 0)
        lines.push(`  ${`${b.from}–${b.to}`.padEnd(14)}${int(b.classes).padStart(10)}${int(b.records).padStart(12)}`);
    lines.push('  riskiest combinations');
    for (const c of w.riskiest.slice(0, 5))
      lines.push(
        `    ${c.risk.toPrecision(3)}  fk ${c.fk}, Fk ${Number(c.Fk.toPrecision(6))}  {${qi.map((q, i) => `${q}=${c.key[i]}`).join(', ')}}`,
      );
    lines.push('');
  }
  const s = f.suda;
  if (s) {
    lines.push(`SUDA2: minimal sample uniques up to ${s.maxMsu} variables (${f.sudaSeconds?.toFixed(2)} s)`);
    lines.push(`  MSUs by size       ${s.msusBySize.map((c, i) => `${i + 1}: ${int(c)}`).join('   ')}`);
    lines.push(`  records with an MSU ${int(s.recordsWithMsu)}   DIS ${s.dis.toPrecision(4)}`);
    lines.push('  DIS-SUDA score     records');
    for (const b of s.disBands) lines.push(`  ${b.interval.padEnd(14)}${int(b.records).padStart(12)}`);
    lines.push(
      `  contribution       ${s.attributeContributions.map((c) => `${c.variable} ${c.contribution.toFixed(1)}%`).join(', ')}`,
    );
    lines.push('');
  }
  return lines;
}

/**
 * Writes the per-record file, created exclusively (never over an existing file): record number, source line, and the
 * figures computed. It is the data owner's own analysis, keyed by line, so it keeps the input's order — it is not a
 * release.
 */
export async function writePerRecord(path: string, table: Table, f: SurveyFigures): Promise<void> {
  const header = [
    'record',
    'line',
    ...(f.weighted ? ['fk', 'Fk', 'risk'] : []),
    ...(f.suda ? ['suda_score', 'dis_suda_score'] : []),
    ...(f.distinctL ? [`${f.distinctL.sensitive}_distinct_l`] : []),
  ];
  const rows = function* () {
    for (let r = 0; r < table.rowCount; r++) {
      const w = f.weighted?.perRecord;
      yield [
        String(r + 1),
        String(table.rowLines?.[r] ?? r + 2),
        ...(w ? [String(w.fk[r]), String(w.Fk[r]), String(w.risk[r])] : []),
        ...(f.suda ? [String(f.suda.score[r]), String(f.suda.disScore[r])] : []),
        ...(f.distinctL ? [String(f.distinctL.perRecord[r])] : []),
      ];
    }
  };
  await writeOwnFile(path, formatCsv(header, rows()));
}
