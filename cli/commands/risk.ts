import { thousands } from '../thousands.js';
import { resolve } from 'node:path';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { isPositiveInteger, listOption, numberFlag, parseOptions } from '../parse-options.js';
import { readFrequencies, readsAtSource, readTable } from '../../engine/host/sources/open-source.js';
import {
  blankUnitsMessage,
  blankUnitsOfFrequencies,
  blankUnitsOfTable,
  type BlankUnits,
} from '../../engine/anonymity/blank-units.js';
import { blankUnitsAt } from '../../engine/host/run/blank-units-check.js';
import { engineOption } from '../engine-option.js';
import { FREQUENCIES_FLAGS, FREQUENCIES_USAGE, frequencyAnswerOption } from '../frequencies-option.js';
import { readFrequencyAnswer } from '../../engine/host/sources/read-frequency-answer.js';
import { inputLocation, SOURCE_FLAG, SOURCE_USAGE } from '../source-option.js';
import { riskReportOfFrequencies } from '../../engine/risk/frequency-risk-report.js';
import { histogramToRecord } from '../../engine/risk/class-size-histogram.js';
import type { PopulationUniqueness, UniquenessFigure } from '../../engine/risk/population-uniqueness.js';
import { riskReport, DEFAULT_RISK_THRESHOLD, type RiskReport } from '../../engine/risk/risk-report.js';
import {
  SURVEY_FLAGS,
  SURVEY_USAGE,
  surveyFigures,
  surveyJson,
  surveyOptions,
  surveyText,
  writePerRecord,
  type SurveyFigures,
} from './risk-survey.js';

const usage = `usage: privspec risk <csv|parquet> | --source ENGINE:TABLE | --frequencies FILE --qi a,b,c [--k K] [--sensitive s] [--unit COL] [--sampling-fraction F]
                    [--delimiter D] [--risk-threshold T] [--population-model M]
                    [--weight COL [--method approx|exact] [--individual-risk-threshold T]]
                    [--suda [--max-msu M] [--dis-fraction F]] [--per-record out.csv] [--engine E] [--json]

Re-identification risk of the CSV or Parquet file as it stands (no generalization applied).
  --qi a,b,c               the quasi-identifiers (required)
  --k K                    report the classes and records that break k-anonymity; exit code 1 when there are any
  --sensitive s            report ℓ-diversity of column s within the classes
  --unit COL               COL identifies a person with several rows: class sizes, risks and k count distinct
                           persons, not rows (rows of one person do not hide each other; Wang & Fung, KDD 2006);
                           kViolations.records is then the persons below k, each counted once
  --sampling-fraction F    the CSV is a sample of F (0 < F ≤ 1) of its population: estimate population uniqueness
  --population-model M     which estimate 'populationUniqueness.estimate' reports: dankar (default; ARX's choice),
                           pitman, zayatz, snb or poisson-gamma (Bethlehem et al. 1990)
  --risk-threshold T       count records whose prosecutor risk 1/size exceeds T (default ${DEFAULT_RISK_THRESHOLD})
${SURVEY_USAGE}  --delimiter D            field delimiter (',' ';' '|' or 'tab'); detected when omitted
  --engine E               auto (default: DuckDB for Parquet and for CSVs over 1 GiB), duckdb or memory
${SOURCE_USAGE}${FREQUENCIES_USAGE}  --json                   print one JSON object
`;

const MODELS = ['dankar', 'pitman', 'zayatz', 'snb', 'poisson-gamma'] as const;
type ModelName = (typeof MODELS)[number];

export const risk: Command = {
  summary: 'measure the re-identification risk of a table as it stands',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      qi: { type: 'string' },
      k: { type: 'string' },
      sensitive: { type: 'string' },
      unit: { type: 'string' },
      'sampling-fraction': { type: 'string' },
      'population-model': { type: 'string' },
      'risk-threshold': { type: 'string' },
      delimiter: { type: 'string' },
      engine: { type: 'string' },
      ...SURVEY_FLAGS,
      ...SOURCE_FLAG,
      ...FREQUENCIES_FLAGS,
    });
    const answer = frequencyAnswerOption(values, positionals, ctx.cwd);
    const path = answer ? answer.file : inputLocation(positionals, values.source, ctx.cwd);
    const qi = listOption(values.qi);
    if (!qi || qi.length === 0)
      throw new CliError('option --qi is required: name the quasi-identifier columns, e.g. --qi age,sex,zip');
    const twice = qi.find((name, i) => qi.indexOf(name) !== i);
    if (twice !== undefined) throw new CliError(`option --qi names '${twice}' twice`);
    if (values.sensitive !== undefined && qi.includes(values.sensitive))
      throw new CliError(`option --sensitive: '${values.sensitive}' is also a quasi-identifier`);
    if (values.unit !== undefined && qi.includes(values.unit))
      throw new CliError(`option --unit: '${values.unit}' is also a quasi-identifier`);
    const k = numberFlag(values.k, '--k', isPositiveInteger, 'a positive integer');
    const samplingFraction = numberFlag(
      values['sampling-fraction'],
      '--sampling-fraction',
      (x) => x > 0 && x <= 1,
      'a fraction within (0, 1]',
    );
    const riskThreshold = numberFlag(
      values['risk-threshold'],
      '--risk-threshold',
      (x) => x >= 0 && x <= 1,
      'a probability within [0, 1]',
    );
    const model = (values['population-model'] ?? 'dankar') as ModelName;
    if (!MODELS.includes(model))
      throw new CliError(`option --population-model: '${model}' is not one of ${MODELS.join(', ')}`);
    const delimiter = values.delimiter === 'tab' || values.delimiter === '\\t' ? '\t' : values.delimiter;
    const engine = engineOption(values.engine);

    const survey = surveyOptions(values, qi, path, (p) => resolve(ctx.cwd, p), values.sensitive);
    // Only the columns the report reads: a wide file's other fields are checked for structure but never decoded.
    const columns = [
      ...qi,
      ...[values.sensitive, values.unit, survey.weight].filter((c): c is string => c !== undefined),
    ];
    const read = { ...(delimiter === undefined ? {} : { delimiter }), engine };
    const options = { k, sensitive: values.sensitive, samplingFraction, riskThreshold, unit: values.unit };
    let report: RiskReport;
    let figures: SurveyFigures = {};
    const perRow = survey.weight !== undefined || survey.suda || survey.perRecord !== undefined;
    if (answer && perRow)
      throw new CliError(
        'options --weight, --suda and --per-record need the rows; --frequencies gives the distinct records and their counts only',
      );
    // A blank unit is no person: the data is refused, naming the rows (engine/anonymity/blank-units.ts says why).
    const refuseBlank = async (blank: BlankUnits) => {
      if (values.unit === undefined || blank.rows === 0) return;
      // The frequency table has no lines: a CSV read in memory is read again for the first blank's (an error path).
      const line =
        blank.line === undefined && !answer && !(await readsAtSource(path, engine))
          ? (await blankUnitsAt(path, values.unit, read)).line
          : blank.line;
      throw new CliError(
        blankUnitsMessage(values.source ?? values.frequencies ?? positionals[0], values.unit, {
          rows: blank.rows,
          ...(line === undefined ? {} : { line }),
        }),
      );
    };
    if (answer || !perRow) {
      // The class-size figures need only the distinct records and their counts: read those, never a per-row array —
      // from the data, or from the warehouse's answer to the plan's frequency-table query.
      const frequencies = answer
        ? await readFrequencyAnswer(answer.file, columns, { ...(answer.names ? { names: answer.names } : {}), engine })
        : await readFrequencies(path, columns, read);
      if (values.unit !== undefined) await refuseBlank({ rows: blankUnitsOfFrequencies(frequencies, values.unit) });
      report = riskReportOfFrequencies(frequencies, qi, options);
    } else {
      // The survey weights' sums, SUDA's per-record scores and the per-record file are still computed on rows.
      const table = await readTable(path, { ...read, columns });
      if (values.unit !== undefined) await refuseBlank(blankUnitsOfTable(table, values.unit));
      report = riskReport(table, qi, options);
      figures = surveyFigures(table, qi, survey);
      if (survey.perRecord !== undefined) await writePerRecord(survey.perRecord, table, figures);
    }
    ctx.out(
      values.json
        ? `${JSON.stringify({ ...toJson(report, model), ...surveyJson(figures, qi, survey.disFraction) })}\n`
        : [
            toText(report, model, values.source ?? values.frequencies ?? positionals[0]),
            ...surveyText(figures, qi),
          ].join('\n'),
    );
    return report.kViolations && report.kViolations.records > 0 ? ExitCode.Violations : ExitCode.Ok;
  },
};

/** The contract's JSON; every number is finite, and a model without an estimate shows null. */
export function toJson(r: RiskReport, model: ModelName = 'dankar'): Record<string, unknown> {
  return {
    rows: r.rows,
    qi: r.qi,
    ...(r.unit && { unit: r.unit.column, unitRecords: r.unit.unitRecords }),
    classes: r.histogram.classes,
    sampleUniques: r.sampleUniques,
    averageRisk: r.prosecutor.averageRisk,
    highestRisk: r.prosecutor.highestRisk,
    lowestRisk: r.prosecutor.lowestRisk,
    recordsAffectedByHighestRisk: r.prosecutor.recordsAffectedByHighestRisk,
    recordsAtRisk: r.recordsAtRisk,
    classSizeHistogram: histogramToRecord(r.histogram),
    // With a unit, records are the persons below k, each once; the rows in those classes are stated beside them.
    ...(r.kViolations && {
      kViolations: r.unit ? { ...r.kViolations, rows: r.belowK!.rows, persons: r.belowK!.persons } : r.kViolations,
    }),
    ...(r.populationUniqueness && { populationUniqueness: populationJson(r.populationUniqueness, r.cells, model) }),
    ...(r.lDiversity && { lDiversity: r.lDiversity }),
  };
}

function populationJson(p: PopulationUniqueness, cells: number, model: ModelName): Record<string, unknown> {
  const figure = (f: UniquenessFigure) => ({ estimate: f.share, populationUniques: f.populationUniques });
  const pg = p.poissonGamma!;
  const chosen =
    model === 'dankar'
      ? { model: p.dankar.model === 'none' ? 'none' : p.dankar.model, rule: 'dankar', estimate: p.dankar.share }
      : model === 'poisson-gamma'
        ? { model, estimate: pg.share }
        : { model, estimate: p[model].share };
  return {
    ...chosen,
    estimateOf: 'share of records that are unique in the population (population uniques / population size)',
    samplingFraction: p.population.samplingFraction,
    populationSize: p.population.populationSize,
    dankar: { model: p.dankar.model, ...figure(p.dankar) },
    pitman: figure(p.pitman),
    zayatz: figure(p.zayatz),
    snb: figure(p.snb),
    poissonGamma: {
      estimate: pg.share,
      sampleUniquesThatArePopulationUniques: pg.uniques,
      cells,
      beta: pg.beta,
      regime: pg.regime,
    },
  };
}

const LABELS: Record<string, string> = {
  pitman: 'Pitman',
  zayatz: 'Zayatz',
  snb: 'SNB',
  'poisson-gamma': 'Poisson–Gamma',
  none: 'none (no sample uniques)',
};
const int = thousands;
const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(2)}%`);

/** The report a data steward reads: what is at risk, how much, and which classes are the problem. */
export function toText(r: RiskReport, model: ModelName, file: string): string {
  const lines: string[] = [];
  const p = r.prosecutor;
  // With a unit, "records" below are (person, class) pairs: each person counted once in each class they appear in.
  const base = r.unit ? r.unit.unitRecords : r.rows;
  const share = (records: number) => pct(base === 0 ? 0 : records / base);
  lines.push(`Risk of re-identification in ${file}`, `  quasi-identifiers  ${r.qi.join(', ')}`);
  lines.push(`  records            ${int(r.rows)}`, `  classes            ${int(r.histogram.classes)}`);
  if (r.unit)
    lines.push(
      `  counted in         distinct ${r.unit.column}: ${int(r.unit.unitRecords)} (person, class) pairs; below, "records" are these pairs`,
    );
  lines.push(`  sample uniques     ${int(r.sampleUniques)} (${share(r.sampleUniques)} of records)`, '');
  lines.push('Prosecutor risk (the attacker knows the person is in the data)');
  lines.push(`  average risk       ${pct(p.averageRisk)}  (classes / records)`);
  lines.push(`  highest risk       ${pct(p.highestRisk)}  for ${pct(p.recordsAffectedByHighestRisk)} of records`);
  lines.push(`  lowest risk        ${pct(p.lowestRisk)}`);
  const t = r.recordsAtRisk;
  lines.push(
    `  records at risk    ${int(t.records)} (${pct(t.share)}) in ${int(t.classes)} classes have a risk above ${pct(t.threshold)}`,
    '',
  );
  if (r.kViolations) {
    const v = r.kViolations;
    lines.push(`k-anonymity (k = ${v.k})`);
    // With a unit, the records below k are persons, each counted once however many small classes they have rows in.
    const u = r.unit;
    if (v.classes === 0)
      lines.push(`  satisfied: every class has at least ${v.k} ${u ? `distinct ${u.column}` : 'records'}`, '');
    else if (u)
      lines.push(
        `  violated: ${int(v.classes)} classes have fewer than ${v.k} distinct ${u.column}; ${int(v.records)} of ${int(u.persons)} ${u.column} (${pct(u.persons === 0 ? 0 : v.records / u.persons)}) are in them`,
        '',
      );
    else
      lines.push(
        `  violated: ${int(v.classes)} classes holding ${int(v.records)} records (${share(v.records)}) have fewer than ${v.k} records`,
        '',
      );
  }
  lines.push('Class sizes', '  size        classes     records');
  for (const [label, classes, records] of histogramRows(r))
    lines.push(`  ${label.padEnd(10)}${int(classes).padStart(9)}${int(records).padStart(12)}`);
  lines.push('');
  if (r.populationUniqueness) {
    const u = r.populationUniqueness;
    const pg = u.poissonGamma!;
    lines.push(
      `Population uniqueness (sample of ${pct(u.population.samplingFraction)} of ${int(u.population.populationSize)} records)`,
    );
    const chosen =
      model === 'dankar'
        ? `Dankar et al. rule chose ${LABELS[u.dankar.model]}: ${pct(u.dankar.share)}`
        : `${LABELS[model]}: ${pct(model === 'poisson-gamma' ? pg.share : u[model].share)}`;
    lines.push(`  ${chosen} of records are estimated to be unique in the population`);
    lines.push(
      `  Pitman ${pct(u.pitman.share)}   Zayatz ${pct(u.zayatz.share)}   SNB ${pct(u.snb.share)}   Poisson–Gamma ${pct(pg.share)}`,
      '',
    );
  }
  if (r.lDiversity) {
    const d = r.lDiversity;
    lines.push(`ℓ-diversity of '${d.sensitive}'`);
    lines.push(`  minimum distinct ℓ ${d.minDistinctL}   minimum entropy ℓ ${d.minEntropyL.toFixed(2)}`);
    lines.push(
      `  ${int(d.homogeneousClasses)} classes holding ${int(d.homogeneousRecords)} records (${share(d.homogeneousRecords)}) have a single '${d.sensitive}' value (ℓ = 1)`,
    );
    const p = d.perRecord;
    lines.push(
      `  per record (as sdcMicro's ldiversity): min ${p.min}, 1st quartile ${p.firstQuartile}, median ${p.median}, mean ${p.mean.toFixed(2)}, 3rd quartile ${p.thirdQuartile}, max ${p.max}`,
      '',
    );
  }
  return lines.join('\n');
}

/** Sizes 1–10 one by one, larger ones in ranges, so the table stays short for any data set. */
function histogramRows(r: RiskReport): [string, number, number][] {
  const ranges: [number, number][] = [
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
    [6, 6],
    [7, 7],
    [8, 8],
    [9, 9],
    [10, 10],
    [11, 20],
    [21, 50],
    [51, 100],
    [101, Infinity],
  ];
  const rows: [string, number, number][] = [];
  for (const [lo, hi] of ranges) {
    let classes = 0;
    let records = 0;
    r.histogram.sizes.forEach((s, i) => {
      if (s >= lo && s <= hi) {
        classes += r.histogram.counts[i];
        records += s * r.histogram.counts[i];
      }
    });
    if (classes > 0)
      rows.push([lo === hi ? String(lo) : hi === Infinity ? `> ${lo - 1}` : `${lo}–${hi}`, classes, records]);
  }
  return rows;
}
