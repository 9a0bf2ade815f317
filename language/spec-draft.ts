import type { Table } from '../engine/table/table.js';
import { quoteColumn, quoteString, wordKeywords } from './quote-column.js';
import { largest, smallest } from '../engine/core/extremes.js';

/**
 * A first draft of a spec for a CSV, for `PrivSpec: Create Spec from CSV`: each column's type is inferred from its
 * values, its role from its name and cardinality, and each quasi-identifier gets a default hierarchy. The draft is a
 * starting point for review, never a verdict; the generated file says so. The language server drafts it
 * (`privspec/draftSpec`), and every name and value is written by the language's one `quoteColumn` / `quoteString`.
 */
export type ColumnType = 'integer' | 'decimal' | 'date' | 'text';
export type Role = 'identifying' | 'quasi' | 'sensitive' | 'insensitive' | 'unit';

export interface ColumnDraft {
  readonly name: string;
  readonly type: ColumnType;
  readonly distinct: number;
  readonly role: Role;
  /** Why the role was proposed, written into the spec as a comment. */
  readonly why: string;
  /** The hierarchy declaration's right-hand side, e.g. `: intervals 5, 10, 20`, for quasi-identifiers. */
  readonly hierarchy?: string;
}

// Whole words of a column name (split at `_`, `-`, spaces and camelCase) that suggest a role.
const IDENTIFYING = [
  'name',
  'firstname',
  'lastname',
  'surname',
  'fullname',
  'ssn',
  'email',
  'mail',
  'phone',
  'telephone',
  'mobile',
  'address',
  'street',
  'passport',
  'iban',
  'account',
];
const QUASI = [
  'age',
  'sex',
  'gender',
  'zip',
  'zipcode',
  'postcode',
  'postal',
  'plz',
  'birth',
  'birthdate',
  'dob',
  'race',
  'ethnicity',
  'marital',
  'occupation',
  'job',
  'profession',
  'education',
  'country',
  'city',
  'region',
  'nationality',
  'county',
  'state',
];
const SENSITIVE = [
  'diagnosis',
  'disease',
  'condition',
  'illness',
  'income',
  'salary',
  'wage',
  'religion',
  'health',
  'treatment',
  'medication',
  'drug',
  'hiv',
  'result',
  'sexuality',
  'orientation',
  'crime',
  'debt',
];

/** The words of a column name: `visitDate` and `visit_date` both give `visit`, `date`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** The type of a column: the narrowest of integer, decimal, ISO date and text that fits every non-empty value. */
export function inferType(values: readonly string[]): ColumnType {
  const present = values.filter((v) => v.trim() !== '');
  if (present.length === 0) return 'text';
  if (present.every((v) => /^\s*-?\d+\s*$/.test(v))) return 'integer';
  if (present.every((v) => /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(v))) return 'decimal';
  if (present.every((v) => /^\d{4}-\d{1,2}-\d{1,2}$/.test(v.trim()))) return 'date';
  return 'text';
}

/** A column as the spec must write it: the language's one quoting function. */
export const specName = quoteColumn;

/** A default hierarchy for a quasi-identifier, or undefined when none fits its values. */
export function defaultHierarchy(
  words: readonly string[],
  type: ColumnType,
  values: readonly string[],
): string | undefined {
  const present = values.filter((v) => v !== '');
  const sameLength = present.length > 0 && present.every((v) => v.length === present[0].length);
  const postal = words.some((w) => ['zip', 'zipcode', 'postcode', 'postal', 'plz'].includes(w));
  if (
    (postal || type === 'integer') &&
    sameLength &&
    /^\d+$/.test(present[0] ?? '') &&
    present[0].length >= 4 &&
    (postal || !words.includes('age'))
  ) {
    // Postal codes generalize by their leading digits: mask the last 1, 2, 3 digits, then all of them.
    const n = present[0].length;
    return `: mask ${[1, 2, 3].filter((c) => c < n).join(', ')}, ${n}`;
  }
  if (type === 'integer') {
    const numbers = present.map(Number);
    const range = largest(numbers) - smallest(numbers);
    // Widths grow by a factor 2 then 2 again from a round base, so that each level nests in the next (the builder
    // requires it).
    const base = range <= 150 ? 5 : 10 ** Math.max(1, Math.floor(Math.log10(range)) - 1);
    return `: intervals ${base}, ${base * 2}, ${base * 4}`;
  }
  if (type === 'date') return ': date month, year';
  if (type === 'text' && present.length > 0 && new Set(present).size <= 50) {
    const distinct = [...new Set(present)].sort();
    return ` { ${distinct.map(quoteString).join(', ')} -> "*" }`;
  }
  return undefined;
}

/** Proposes the type, role and hierarchy of every column of `table`. */
export function draftColumns(table: Table): ColumnDraft[] {
  const n = table.rowCount;
  return table.columns.map((c): ColumnDraft => {
    const words = nameWords(c.name);
    const type = inferType(c.dictionary);
    const distinct = c.dictionary.length;
    const has = (list: readonly string[]) => words.some((w) => list.includes(w));
    const idLike = words.includes('id') || words[words.length - 1]?.endsWith('id') === true;
    let role: Role;
    let why: string;
    if (has(IDENTIFYING)) [role, why] = ['identifying', 'its name suggests a direct identifier'];
    else if (idLike && distinct === n) [role, why] = ['identifying', 'a unique key'];
    else if (idLike && distinct < n && n > 0) [role, why] = ['unit', 'an id that repeats: one person, several rows'];
    else if (has(SENSITIVE)) [role, why] = ['sensitive', 'its name suggests sensitive information'];
    else if (has(QUASI) || (type === 'date' && words.some((w) => ['birth', 'dob', 'date'].includes(w)))) {
      [role, why] = ['quasi', 'its name suggests something an attacker may know'];
    } else if (type === 'text' && n >= 20 && distinct > 0.9 * n)
      [role, why] = ['identifying', `nearly unique text (${distinct} values in ${n} rows)`];
    else [role, why] = ['insensitive', `${distinct} distinct values`];
    const hierarchy = role === 'quasi' ? defaultHierarchy(words, type, c.dictionary) : undefined;
    return { name: c.name, type, distinct, role, why, hierarchy };
  });
}

/** The dataset name for a file name: `patients-2024.csv` → `patients_2024`. */
export function datasetName(fileName: string): string {
  const base =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/\W+/g, '_')
      .replace(/^(\d)/, '_$1') || 'data';
  return wordKeywords().has(base) ? `${base}_data` : base;
}

/** Renders the spec text for a CSV at `relativePath` (as written in the spec) with the given column drafts. */
export function renderSpec(
  relativePath: string,
  columns: readonly ColumnDraft[],
  k: number,
  delimiter?: string,
): string {
  const name = datasetName(relativePath.split('/').pop() ?? relativePath);
  const list = (role: Role) => columns.filter((c) => c.role === role);
  const lines = [
    `// A first draft written by "PrivSpec: Create Spec from CSV" from the names and values of the columns.`,
    `// Review every role and hierarchy before relying on it.`,
    `dataset ${name} from ${quoteString(relativePath)}${delimiter && delimiter !== ',' ? ` delimiter ${JSON.stringify(delimiter)}` : ''} {`,
  ];
  for (const role of ['identifying', 'quasi', 'sensitive', 'insensitive'] as const) {
    const cs = list(role);
    if (cs.length === 0) continue;
    lines.push(`  ${role} ${cs.map((c) => specName(c.name)).join(', ')}`);
    for (const c of cs) lines.push(`    // ${c.name}: ${c.type}, ${c.why}`);
  }
  const unit = list('unit')[0];
  if (unit) lines.push(`  unit ${specName(unit.name)}    // ${unit.why}`);
  lines.push('}');
  for (const c of list('quasi')) {
    lines.push(
      c.hierarchy
        ? `hierarchy ${specName(c.name)}${c.hierarchy}`
        : `// ${c.name} has no default hierarchy: add one (intervals, mask, date, groups or an ARX file).`,
    );
  }
  lines.push(`anonymity { k ${k} }`);
  if (list('quasi').length > 0 && list('quasi').every((c) => c.hierarchy))
    lines.push(`release ${name}_generalized: generalize`);
  return `${lines.join('\n')}\n`;
}
