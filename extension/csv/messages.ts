import type { CheckResult, RowViolation } from '../protocol.js';

/** `row 17: class {age=34, sex=F, zip=81931} has 2 rows, below k=5`. */
export function violationMessage(v: RowViolation, k: number, unit?: string): string {
  const rows = `${v.classSize} ${v.classSize === 1 ? 'row' : 'rows'}`;
  // With a unit, the count that matters is people: `has 5 rows from 1 patient_id, below k=3`.
  return unit !== undefined && v.units !== undefined
    ? `row ${v.row}: class ${v.classKey} has ${rows} from ${v.units} ${unit}, below k=${k}`
    : `row ${v.row}: class ${v.classKey} has ${rows}, below k=${k}`;
}

/** The header-line summary: the totals, and how many of the rows got a diagnostic of their own. */
export function summaryMessage(result: CheckResult, k: number, origin: string): string {
  const rows = `${result.violatingRows} of ${result.rows} ${result.rows === 1 ? 'row' : 'rows'}`;
  const classes = `${result.violatingClasses} ${result.violatingClasses === 1 ? 'class' : 'classes'}`;
  const shown = result.violations.length < result.violatingRows
    ? ` (the first ${result.violations.length} are marked; raise privspec.maxDiagnostics to see more)`
    : '';
  const units = result.unit !== undefined ? ` distinct ${result.unit}` : '';
  return `${rows} in ${classes} below k=${k}${units} (quasi-identifiers from ${origin})${shown}`;
}
