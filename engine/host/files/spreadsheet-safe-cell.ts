/**
 * CSV cells that a spreadsheet would run as a formula, written as data (OWASP, "CSV Injection",
 * https://owasp.org/www-community/attacks/CSV_Injection). Released and synthetic files are opened in spreadsheets (ARX
 * and sdcMicro users do), and their cells come from the data: a value such as `=HYPERLINK(…)` or `@SUM(…)` would be
 * evaluated when the file is opened. OWASP's guidance is to prefix such a cell with a single quote, which a spreadsheet
 * shows as text, and to quote the cell.
 *
 * The rule here: a cell whose first character is `=`, `+`, `-`, `@`, a tab or a carriage return is written as `'`
 * followed by the cell, unless the whole cell is a plain decimal number (`-3`, `+1.5`, `-2e-7`). A plain number is
 * what a spreadsheet reads as a number and never as a formula, and a noisy count or a negative range value must stay
 * a number in its column; OWASP's list escapes every leading `-` and `+` only because it does not look further.
 * Anything else that starts with those characters (`-1+2`, `+A1`, `-cmd`) is escaped. A value that already starts
 * with `'` before such a rest gets one more `'`, so that reading a file back (fromSpreadsheetSafe) is exact.
 */

/** The characters that make a spreadsheet read a cell as a formula (or, tab and CR, start one on some readers). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number, with an optional sign and exponent: a spreadsheet reads it as that number. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Whether a spreadsheet would treat `value` as a formula. */
export function isFormulaLike(value: string): boolean {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);
}

/**
 * Whether the cell is written behind a `'`: a formula-like value, and also a value that already starts with quotes
 * before a formula-like rest (`'=x` is written `''=x`), so that reading back removes exactly the one quote the writer
 * added and every value is recovered as it was.
 */
export function needsQuotePrefix(value: string): boolean {
  return isFormulaLike(value.replace(/^'+/, ''));
}

/** The cell as written: `'` before a value that needs it (the writer then quotes the cell), the value otherwise. */
export function spreadsheetSafe(value: string): string {
  return needsQuotePrefix(value) ? `'${value}` : value;
}

/**
 * The value a cell written by `spreadsheetSafe` stands for: the leading `'` the writer added is removed. Used where
 * privspec reads back a file it may have written (the attack's released file), so that its values compare equal to
 * the candidates'.
 */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && needsQuotePrefix(cell.slice(1)) ? cell.slice(1) : cell;
}
