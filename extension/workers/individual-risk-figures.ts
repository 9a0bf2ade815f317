/**
 * The risk report's survey-weighted section: the engine's weighted risk on the classes the report counts (pinned
 * columns at their level), reduced to what the panel draws. Added beside the report's other figures by the worker, so
 * that the report's own computation stays as it is.
 */
import { equivalenceClasses } from '../../engine/anonymity/equivalence-classes.js';
import { formatClassKey, rowKeyValues } from '../../engine/anonymity/class-key.js';
import { weightedRisk } from '../../engine/risk/weighted-risk.js';
import { TableError, type Table } from '../../engine/table/table.js';
import type { CsvModel, IndividualRiskFigures, RiskReport } from '../protocol.js';
import { bindAll, modelGeneralization } from './hierarchies.js';

export function withIndividualRisk(report: RiskReport, table: Table, model: CsvModel): RiskReport {
  const weight = model.weight;
  if (weight === undefined || !table.columns.some((c) => c.name === weight)) return report;
  return { ...report, individualRisk: individualRiskFigures(table, model, weight) };
}

function individualRiskFigures(table: Table, model: CsvModel, weight: string): IndividualRiskFigures {
  const generalization = Object.values(model.levels).some((l) => l > 0) ? modelGeneralization(bindAll(table, model), model) : undefined;
  try {
    const w = weightedRisk(table, model.qi, weight, {
      threshold: model.riskThreshold,
      classes: equivalenceClasses(table, model.qi, generalization),
      keyOf: (row) => rowKeyValues(table, model.qi, row, generalization),
    });
    return {
      weight,
      threshold: w.highRiskRecords.threshold,
      expectedReidentifications: w.expectedReidentifications,
      globalRisk: w.globalRisk,
      aboveThreshold: w.highRiskRecords.aboveThreshold,
      higherThanMainPart: w.highRiskRecords.higherThanMainPart,
      max: w.summary.max,
      median: w.summary.median,
      distribution: w.distribution,
      riskiest: w.riskiest.map((c) => ({ classKey: formatClassKey(model.qi, c.key), fk: c.fk, Fk: c.Fk, risk: c.risk })),
    };
  } catch (e) {
    if (e instanceof TableError) return { weight, error: e.line !== undefined ? `line ${e.line}: ${e.message}` : e.message };
    throw e;
  }
}
