/**
 * Data for the tests of generalize releases written by the engine (issue 38): a generated table with formula-like
 * cells and its spec, and a written CSV read back as a multiset of rows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../engine/table/parse-csv.js';

/** A file's header and its rows (parsed by privspec's own CSV reader), the rows sorted. */
export function parsed(file: string): { header: string[]; rows: string[] } {
  const t = parseCsv(readFileSync(file, 'utf8'), { delimiter: ',' });
  const rows: string[] = [];
  for (let i = 0; i < t.rowCount; i++) rows.push(JSON.stringify(t.columns.map((c) => c.dictionary[c.codes[i]])));
  return { header: t.columns.map((c) => c.name), rows: rows.sort() };
}

/**
 * 3,000 generated rows (a fixed linear congruential sequence, so the test is the same every run): an identifying id,
 * quasi-identifiers age (20–79) and sex, and a declared sensitive note whose values include what a spreadsheet
 * would run as a formula (=, +, -, @, tab), a plain negative number, quoted and comma-holding text, leading spaces
 * and blanks.
 * The age hierarchy's decade labels start with '@', so the generalized labels are formula-like too.
 */
export function generated(dir: string, names = { age: 'age', sex: 'sex', note: 'note' }): void {
  const notes = [
    '=cmd|x',
    '+A1',
    '-1+2',
    '-3',
    '@SUM(1)',
    '\tTAB',
    "'=quoted",
    'a,b',
    'say "hi"',
    ' lead',
    '',
    'plain',
  ];
  let x = 12345;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    // The high bits: the low bits of a power-of-two modulus repeat with a short period.
    return Math.floor((x / 2147483648) * n);
  };
  const q = (v: string) => (/[",\n\r\t]|^\s/.test(v) || v === '' ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [['id', names.age, names.sex, names.note].map(q).join(',')];
  for (let i = 0; i < 3000; i++)
    lines.push([`p${i}`, String(20 + next(60)), next(2) ? 'M' : 'F', notes[next(notes.length)]].map(q).join(','));
  writeFileSync(join(dir, 'd.csv'), `${lines.join('\n')}\n`);
  const ages = Array.from({ length: 60 }, (_, i) => 20 + i);
  writeFileSync(join(dir, 'age.csv'), ages.map((a) => `${a};@${Math.floor(a / 10) * 10}s;*`).join('\n') + '\n');
  const spec = (data: string) => `dataset d from "${data}" {
  identifying id
  quasi ${JSON.stringify(names.age)}, ${JSON.stringify(names.sex)}
  sensitive ${JSON.stringify(names.note)}
}
hierarchy ${JSON.stringify(names.age)} from "age.csv"
hierarchy ${JSON.stringify(names.sex)} { "M", "F" -> "*" }
anonymity { k 40  suppression 0.05 }
release g: generalize
`;
  writeFileSync(join(dir, 'csv.privspec'), spec('d.csv'));
  writeFileSync(join(dir, 'parquet.privspec'), spec('d.parquet'));
}
