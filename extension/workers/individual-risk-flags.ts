/**
 * The CSV check's survey-weighted part: when the spec declares a `weight` column, every record whose individual
 * re-identification risk (Benedetti & Franconi 1998; Franconi & Polettini 2004, computed by the engine) exceeds the
 * threshold is located on its line's quasi-identifier cells. It reads the classes the k-anonymity check formed, so both
 * count pinned columns at the same level; a bad weight becomes an error of its own and leaves the k diagnostics
 * standing.
 */
import type { EquivalenceClasses, Generalization } from '../../engine/anonymity/equivalence-classes.js';
import { classKey } from '../../engine/anonymity/class-key.js';
import { DEFAULT_INDIVIDUAL_RISK_THRESHOLD, weightedRisk, type WeightedRisk } from '../../engine/risk/weighted-risk.js';
import { columnIndex, TableError, type Table } from '../../engine/table/table.js';
import type { CsvModel, IndividualRiskCheck } from '../protocol.js';
import { fieldRanges, lineStarts, lineText, mergeAdjacent } from './line-index.js';

export function individualRiskCheck(
  text: string,
  table: Table,
  model: CsvModel,
  classes: EquivalenceClasses,
  generalization: Generalization | undefined,
  maxDiagnostics: number,
): IndividualRiskCheck | undefined {
  const weight = model.weight;
  // An unknown weight column is the spec checker's diagnostic, not the CSV's.
  if (weight === undefined || !table.columns.some((c) => c.name === weight)) return undefined;
  const threshold = model.riskThreshold ?? DEFAULT_INDIVIDUAL_RISK_THRESHOLD;
  // The engine's figures, as privspec risk --weight and the risk report compute them: each record's risk, the records
  // above the threshold and their expected re-identifications. The worker only locates the flagged records' cells.
  let w: WeightedRisk;
  try {
    w = weightedRisk(table, model.qi, weight, { threshold, classes, top: 0 });
  } catch (e) {
    if (!(e instanceof TableError)) throw e;
    return {
      weight,
      threshold,
      records: 0,
      expectedReidentifications: 0,
      flags: [],
      error: { message: e.message, line: e.line },
    };
  }
  const { risk, fk, Fk } = w.perRecord;
  const records = w.highRiskRecords.aboveThreshold;
  const flags: IndividualRiskCheck['flags'][number][] = [];
  if (records > 0 && maxDiagnostics > 0) {
    const starts = lineStarts(text);
    const qiIndexes = model.qi.map((name) => columnIndex(table, name));
    const d = table.delimiter ?? ',';
    const keys = new Map<number, string>();
    for (let r = 0; r < table.rowCount && flags.length < maxDiagnostics; r++) {
      if (risk[r] <= threshold) continue;
      const id = classes.classOf[r];
      const line = (table.rowLines?.[r] ?? r + 2) - 1;
      const ranges = fieldRanges(lineText(text, starts, line), d);
      const cells = qiIndexes.map((j) => ranges[j]).filter((x): x is [number, number] => x !== undefined);
      let key = keys.get(id);
      if (key === undefined) keys.set(id, (key = classKey(table, model.qi, classes, id, generalization)));
      flags.push({
        row: r + 1,
        line,
        cells: mergeAdjacent(cells, d.length),
        risk: risk[r],
        fk: fk[r],
        Fk: Fk[r],
        classKey: key,
      });
    }
  }
  return { weight, threshold, records, expectedReidentifications: w.expectedReidentifications, flags };
}
