import type { CheckResult, RowViolation } from '../protocol.js';
import { plural } from '../../engine/core/plural.js';

/**
 * `line 18: class {age=34, sex=F, zip=81931} has 2 rows, below k=5`, numbered as the editor numbers lines (the record
 * number, one less because of the header, sat on another line of the gutter than the one it named).
 */
export function violationMessage(v: RowViolation, k: number, unit?: string): string {
  const rows = plural(v.classSize, 'row');
  const where = `line ${v.line + 1}`;
  // A class that k does not flag but a sensitive-attribute model does: `… fails 0.2-closeness (equal distance) on
  // diagnosis: its distance is 0.417`.
  if (v.model) {
    const people = unit !== undefined && v.units !== undefined ? ` from ${v.units} ${unit}` : '';
    const distance =
      v.model.distance !== undefined ? `: its distance is ${Number(v.model.distance.toPrecision(3))}` : '';
    return `${where}: class ${v.classKey} (${rows}${people}) fails ${v.model.criterion}${distance}`;
  }
  // With a unit, the count that matters is people: `has 5 rows from 1 patient_id, below k=3`.
  return unit !== undefined && v.units !== undefined
    ? `${where}: class ${v.classKey} has ${rows} from ${v.units} ${unit}, below k=${k}`
    : `${where}: class ${v.classKey} has ${rows}, below k=${k}`;
}

/** The header-line summary: the totals, and how many of the rows got a diagnostic of their own. */
export function summaryMessage(result: CheckResult, k: number, origin: string): string {
  const flagged = result.violatingRows + modelRows(result);
  const shown =
    result.violations.length < flagged
      ? ` (the first ${result.violations.length} are marked; raise privspec.maxDiagnostics to see more)`
      : '';
  const parts: string[] = [];
  if (result.violatingRows > 0) {
    const rows = `${result.violatingRows} of ${plural(result.rows, 'row')}`;
    const classes = plural(result.violatingClasses, 'class', 'classes');
    const units = result.unit !== undefined ? ` distinct ${result.unit}` : '';
    parts.push(`${rows} in ${classes} below k=${k}${units}`);
  }
  for (const m of result.sensitiveModels ?? [])
    parts.push(
      `${m.rows} of ${plural(result.rows, 'row')} in ${plural(m.classes, 'class', 'classes')} fail ${m.criterion}`,
    );
  return `${parts.join('; ')} (quasi-identifiers from ${origin})${shown}`;
}

/** Rows flagged by a sensitive-attribute model and not below k, as marked: the markers' own count. */
function modelRows(result: CheckResult): number {
  return result.violations.filter((v) => v.model).length;
}

/**
 * "14 rows in 5 classes below k = 3 patient_id", or "… below k = 5" without a unit; a failing ℓ-diversity or
 * t-closeness requirement adds "; 40 rows in 3 classes fail 0.2-closeness (equal distance) on diagnosis".
 */
export function bannerText(s: {
  violatingRows: number;
  violatingClasses: number;
  k: number;
  unit?: string;
  sensitiveModels?: CheckResult['sensitiveModels'];
}): string {
  const parts: string[] = [];
  if (s.violatingRows > 0)
    parts.push(
      `${plural(s.violatingRows, 'row')} in ${plural(s.violatingClasses, 'class', 'classes')} below k = ${s.k}${s.unit ? ` ${s.unit}` : ''}`,
    );
  for (const m of s.sensitiveModels ?? [])
    parts.push(`${plural(m.rows, 'row')} in ${plural(m.classes, 'class', 'classes')} fail ${m.criterion}`);
  return parts.join('; ');
}

/** The first flagged line after `line` (wrapping to the first), from the CSV's k-violation diagnostics. */
export function nextFlaggedLine(flagged: readonly number[], line: number): number | undefined {
  if (flagged.length === 0) return undefined;
  const sorted = [...new Set(flagged)].sort((a, b) => a - b);
  return sorted.find((l) => l > line) ?? sorted[0];
}
