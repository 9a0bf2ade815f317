/**
 * The one statement that writes a generalization decision's rows in the engine that holds them (issue 38 item 1): each
 * quasi-identifier replaced by its label through a join on a table of (raw value, label) — a VALUES list of bound
 * values (PostgreSQL), or on DuckDB a table filled through its appender and joined on integers (codedRowsSql) — rows
 * of the classes the decision suppresses left out by a join on the table of the kept classes, only the released
 * columns, in the keyed random order of shuffled-rows-sql.ts (the row number hashed with a fresh secret key):
 *
 *   SELECT m0.label AS "age", … , safe(s.c2) AS "income"
 *   FROM (SELECT text(age) AS c0, …, ROW_NUMBER() OVER () AS n FROM t) AS s
 *   JOIN m0 ON s.c0 = m0.v  JOIN …  JOIN kept AS k ON k.g0 = m0.label AND …
 *   ORDER BY md5(key ‖ '|' ‖ 1:s ‖ len(n):n), n      -- on DuckDB md5_number(…): the digest as an integer
 *
 * A raw value missing from a map (the data changed since the decision) drops its row, which the check of the written
 * file's classes against the decision's then catches. ClickHouse, whose joins before 19.x take only USING columns of
 * equal names, writes the same as arrays and sets: `transform(c, [values], [labels], '')`, `c IN (values)` and
 * `(labels) IN (kept classes)`.
 *
 * A CSV is spreadsheet-safe as privspec's own writer makes it (engine/host/files/spreadsheet-safe-cell.ts): the labels
 * and the header come written, and each other column goes through `spreadsheetSafeSql`, the same rule in SQL. Names go
 * through the dialect's one `identifier`, every value (map entries, classes, the key, the patterns) through `string`.
 */
import { classLabels, valueLabel, type GeneralizedRows } from '../generalized-rows.js';
import { keyedHashSql, keyedOrderSql } from './sql-expressions.js';
import {
  relationText,
  sqlWriter,
  type SqlRelation,
  type SqlStatement,
  type SqlSyntax,
  type SqlTarget,
  type SqlWriter,
} from './dialect.js';

/**
 * The cell behind a `'` when a spreadsheet would run it as a formula: the rule of spreadsheet-safe-cell.ts's
 * `needsQuotePrefix` (after any leading quotes, a first character in `= + - @`, tab or CR, and not a plain decimal
 * number), as two regular expressions every dialect's engine reads alike (RE2 in DuckDB and ClickHouse, PostgreSQL's
 * ARE). The tab and the carriage return are the characters themselves, bound as values like the rest of the pattern.
 */
export const FORMULA_START_SQL = "^'*[=+@\t\r-]";
export const PLAIN_NUMBER_SQL = "^'*[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$";

export function spreadsheetSafeSql(sql: SqlSyntax, text: string): string {
  const matches = (pattern: string) => {
    switch (sql.dialect) {
      case 'postgres':
        return `(${text} ~ ${sql.string(pattern)})`;
      case 'clickhouse':
        return `match(${text}, ${sql.string(pattern)})`;
      default:
        return `regexp_matches(${text}, ${sql.string(pattern)})`;
    }
  };
  // DuckDB first compares the cell's first character with the rule's seven (a quote, = + - @, tab, CR) and runs the
  // expressions only on the cells that start with one: on 5·10^6 numeric cells the regular expression on each cell
  // cost about 0.5 s of CPU of a 6 s COPY. A list, not `IN (…)`, which DuckDB's optimizer turns into a join of seven
  // rows above the sort, whose output order DuckDB does not promise to keep. The other engines read the rule alone.
  const first =
    sql.dialect === 'duckdb'
      ? `list_contains([${["'", '=', '+', '-', '@', '\t', '\r'].map((ch) => sql.integer(ch.charCodeAt(0))).join(', ')}], ascii(${text})) AND `
      : '';
  return `CASE WHEN ${first}${matches(FORMULA_START_SQL)} AND NOT ${matches(PLAIN_NUMBER_SQL)} THEN ${sql.concat([sql.string("'"), text])} ELSE ${text} END`;
}

/**
 * The tables a DuckDB statement joins, by their quoted names: `maps[i]` with columns (v, code, label) for
 * quasi-identifier i (a raw value's text, its label's code, the label), and `classes`, the kept classes with their
 * rows n (for the check), keyed by one BIGINT `key` (class-key.ts) when `radix` is given, else by their codes c0,
 * c1, ….
 * Absent: the maps are VALUES lists of bound values, joined on the labels' text (PostgreSQL).
 */
export interface GeneralizedTables {
  readonly maps: readonly string[];
  readonly classes: string;
  /** The key's mixed radix (class-key.ts); absent when the largest key would pass a BIGINT. */
  readonly radix?: readonly number[];
  /**
   * Whether the labels are bound into the statement as one list per quasi-identifier and looked up by code after the
   * sort; when false (a decision with very many labels) they come from the maps and travel through the sort.
   */
  readonly boundLabels: boolean;
}

/** The statement; its output columns are named by the plan's header (DuckDB's COPY writes them as the header). */
export function generalizedRowsSql(
  target: SqlTarget,
  from: SqlRelation,
  plan: GeneralizedRows,
  key: string,
  tables?: GeneralizedTables,
): SqlStatement {
  if (target.dialect === 'clickhouse') return clickHouseGeneralizedRowsSql(target, from, plan, key);
  if (target.dialect === 'spark') throw new Error('a generalized file is not written by Spark');
  if (tables) return codedRowsSql(target, from, plan, key, tables);
  const sql = sqlWriter(target);
  const id = (name: string) => sql.identifier(name);
  const n = id('_privspec_n');
  const joined = generalizedJoin(sql, from, plan, plan.columns, `ROW_NUMBER() OVER () AS ${n}`, true);
  const at = plan.quasi.map((q) => plan.columns.indexOf(q.column));
  const out = plan.columns.map((_, j) => {
    const i = at.indexOf(j);
    const cell = i >= 0 ? joined.labels[i] : joined.cell(j);
    const safe = i < 0 && plan.spreadsheetSafe ? spreadsheetSafeSql(sql, cell) : cell;
    return `${safe} AS ${id(plan.header[j])}`;
  });
  const hash = keyedOrderSql(sql, key, [sql.string('s'), `CAST(${joined.row}.${n} AS VARCHAR)`]);
  return sql.statement(`SELECT ${out.join(', ')} ${joined.from} ORDER BY ${hash}, ${joined.row}.${n}`);
}

/**
 * DuckDB's statement on the tables: each row's raw values joined to their labels' codes, its class's key computed
 * from the codes and looked up in the kept classes (a semi-join on one integer: the rows of the classes the decision
 * suppresses are left out), then sorted in the keyed order carrying the codes, not the labels, and only then the
 * codes replaced by their labels (an index into a bound list, a projection after the sort that keeps its order):
 *
 *   SELECT [$age labels][o.k0 + 1] AS "age", …, safe(o.c4) AS "income"
 *   FROM (SELECT m0.code AS k0, …, s.c4 FROM (SELECT text(age) AS c0, …, ROW_NUMBER() OVER () AS n FROM t) AS s
 *         JOIN m0 ON s.c0 = m0.v  JOIN …
 *         SEMI JOIN kept AS k ON k.key = ((m0.code·r1 + m1.code)·r2 + …)
 *         ORDER BY md5_number(key ‖ '|' ‖ 1:s ‖ len(n):n), n) AS o
 *
 * Against the labels' text joined and sorted (five text hash probes a row, the last on four labels, and the labels as
 * the sort's payload) the CPU of a 5·10^6-row COPY went from 8.0–9.4 s to 5.9–6.7 s (docs/scale.md).
 */
function codedRowsSql(
  target: SqlTarget,
  from: SqlRelation,
  plan: GeneralizedRows,
  key: string,
  tables: GeneralizedTables,
): SqlStatement {
  const sql = sqlWriter(target);
  const id = (name: string) => sql.identifier(name);
  const n = id('_privspec_n');
  const o = id('_privspec_o');
  const k = (i: number) => id(`_privspec_k${i}`);
  const l = (i: number) => id(`_privspec_l${i}`);
  const at = plan.quasi.map((q) => plan.columns.indexOf(q.column));
  const joined = codedJoin(sql, from, plan, plan.columns, `ROW_NUMBER() OVER () AS ${n}`, tables);
  const carried = [
    ...joined.codes.map((code, i) => `${code} AS ${k(i)}`),
    ...(tables.boundLabels ? [] : joined.labels.map((label, i) => `${label} AS ${l(i)}`)),
    ...plan.columns.flatMap((_, j) => (at.includes(j) ? [] : [`${joined.cell(j)} AS ${id(`_privspec_c${j}`)}`])),
  ];
  const kk = id('_privspec_k');
  const on = tables.radix
    ? `${kk}.${id('key')} = ${joined.key}`
    : joined.codes.map((code, i) => `${kk}.${id(`c${i}`)} = ${code}`).join(' AND ');
  const hash = keyedOrderSql(sql, key, [sql.string('s'), `CAST(${joined.row}.${n} AS VARCHAR)`]);
  const sorted = `SELECT ${carried.join(', ')} ${joined.from} SEMI JOIN ${tables.classes} AS ${kk} ON ${on} ORDER BY ${hash}, ${joined.row}.${n}`;
  const out = plan.columns.map((_, j) => {
    const i = at.indexOf(j);
    const cell =
      i < 0
        ? `${o}.${id(`_privspec_c${j}`)}`
        : tables.boundLabels
          ? `[${plan.quasi[i].labels.map((label) => sql.string(label)).join(', ')}][${o}.${k(i)} + 1]`
          : `${o}.${l(i)}`;
    const safe = i < 0 && plan.spreadsheetSafe ? spreadsheetSafeSql(sql, cell) : cell;
    return `${safe} AS ${id(plan.header[j])}`;
  });
  return sql.statement(`SELECT ${out.join(', ')} FROM (${sorted}) AS ${o}`);
}

/**
 * The rows `generalizedRowsSql` writes on DuckDB's tables, counted per generalized class and compared with the kept
 * classes' table (`tables.classes`, whose column n holds the rows the decision counted in each): the first class (in
 * the keys' order) whose count differs, as its key (or its codes), the rows the statement selects in it and the
 * decision's; no row when every class agrees. It is the written statement's own FROM and joins (codedJoin: the same
 * maps, the same text of each raw value, the same key) over the quasi-identifiers alone, without the row number and
 * the keyed order, which decide where a row goes in the file but not whether it is written or in which class. The
 * join on the kept classes is taken once per class instead of once per row (the COPY writes a row exactly when its key
 * is a kept class's, so a kept class's rows in the file are its rows here, and no other class's rows are written).
 * The labels themselves are the plan's, bound into the COPY's statement (or the maps', which decisionTablesMismatch
 * compares with the plan): a class's key names its labels one to one.
 */
export function generalizedClassCountsSql(
  target: SqlTarget,
  from: SqlRelation,
  plan: GeneralizedRows,
  tables: GeneralizedTables,
): SqlStatement {
  const sql = sqlWriter(target);
  const id = (name: string) => sql.identifier(name);
  const joined = codedJoin(
    sql,
    from,
    plan,
    plan.quasi.map((q) => q.column),
    undefined,
    tables,
  );
  const w = id('_privspec_w');
  const k = tables.classes;
  const names = tables.radix ? [id('key')] : plan.quasi.map((_, i) => id(`c${i}`));
  const exprs = tables.radix ? [joined.key] : joined.codes;
  const counted = `SELECT ${[...exprs.map((e, i) => `${e} AS ${names[i]}`), `count(*) AS ${id('seen')}`].join(', ')} ${joined.from} GROUP BY ${exprs.join(', ')}`;
  const on = names.map((name) => `${w}.${name} = ${k}.${name}`).join(' AND ');
  const seen = `COALESCE(${w}.${id('seen')}, 0)`;
  const decided = `${k}.${id('n')}`;
  const classOf = names.map((name) => `${k}.${name}`);
  return sql.statement(
    `SELECT ${[...classOf, seen, decided].join(', ')} FROM (${counted}) AS ${w} RIGHT JOIN ${k} ON ${on} WHERE ${seen} <> ${decided} ORDER BY ${classOf.join(', ')} LIMIT 1`,
  );
}

/**
 * The FROM clause and joins both DuckDB statements share: the source's `columns` as text (and `extra`, the row
 * number), each quasi-identifier joined on its map. `codes[i]` is quasi-identifier i's label code, `labels[i]` its
 * label, `key` the class's mixed-radix key (when the tables have a radix), `cell(j)` the text of the plan's column j,
 * `row` the subquery's alias. The radix is bound like any value.
 */
function codedJoin(
  sql: SqlWriter,
  from: SqlRelation,
  plan: GeneralizedRows,
  columns: readonly string[],
  extra: string | undefined,
  tables: GeneralizedTables,
): { from: string; codes: string[]; labels: string[]; key: string; cell: (j: number) => string; row: string } {
  const relation = relationText(sql, from);
  const id = (name: string) => sql.identifier(name);
  const s = id('_privspec_s');
  const c = (j: number) => id(`_privspec_c${j}`);
  const m = (i: number) => id(`_privspec_m${i}`);
  const inner = columns.map((col) => `${sql.text(id(col))} AS ${c(plan.columns.indexOf(col))}`);
  const joins = plan.quasi.map(
    (q, i) => `JOIN ${tables.maps[i]} AS ${m(i)} ON ${s}.${c(plan.columns.indexOf(q.column))} = ${m(i)}.${id('v')}`,
  );
  const codes = plan.quasi.map((_, i) => `${m(i)}.${id('code')}`);
  const key = tables.radix
    ? codes.reduce((acc, code, i) =>
        i === 0 ? `CAST(${code} AS BIGINT)` : `(${acc} * ${sql.integer(tables.radix![i])} + ${code})`,
      )
    : '';
  return {
    from: `FROM (SELECT ${[...inner, ...(extra ? [extra] : [])].join(', ')} FROM ${relation}) AS ${s} ${joins.join(' ')}`,
    codes,
    labels: plan.quasi.map((_, i) => `${m(i)}.${id('label')}`),
    key,
    cell: (j) => `${s}.${c(j)}`,
    row: s,
  };
}

/**
 * The FROM clause and joins of the statement on bound values (PostgreSQL): the source's `columns` as text (and
 * `extra`, the row number), each quasi-identifier joined on its map, and when `kept`, the classes the decision
 * suppresses left out by the join on the kept ones. `labels[i]` is quasi-identifier i's label, `cell(j)` the text of
 * the plan's column j, `row` the subquery's alias.
 */
function generalizedJoin(
  sql: SqlWriter,
  from: SqlRelation,
  plan: GeneralizedRows,
  columns: readonly string[],
  extra: string | undefined,
  kept: boolean,
): { from: string; labels: string[]; cell: (j: number) => string; row: string } {
  const relation = relationText(sql, from);
  const id = (name: string) => sql.identifier(name);
  const s = id('_privspec_s');
  const c = (j: number) => id(`_privspec_c${j}`);
  const m = (i: number) => id(`_privspec_m${i}`);
  const k = id('_privspec_k');
  const inner = columns.map((col) => `${sql.text(id(col))} AS ${c(plan.columns.indexOf(col))}`);
  const values = (rows: readonly (readonly string[])[]) =>
    `(VALUES ${rows.map((r) => `(${r.map((v) => sql.string(v)).join(', ')})`).join(', ')})`;
  const maps = plan.quasi.map(
    (q, i) => `${values(q.values.map((v, x) => [v, valueLabel(q, x)]))} AS ${m(i)}(${id('v')}, ${id('label')})`,
  );
  const g = (i: number) => id(`g${i}`);
  const classes = `${values(Array.from({ length: plan.classes.count }, (_, c) => classLabels(plan, c)))} AS ${k}(${plan.quasi.map((_, i) => g(i)).join(', ')})`;
  const joins = [
    ...maps.map(
      (map, i) => `JOIN ${map} ON ${s}.${c(plan.columns.indexOf(plan.quasi[i].column))} = ${m(i)}.${id('v')}`,
    ),
    ...(kept
      ? [`JOIN ${classes} ON ${plan.quasi.map((_, i) => `${k}.${g(i)} = ${m(i)}.${id('label')}`).join(' AND ')}`]
      : []),
  ];
  return {
    from: `FROM (SELECT ${[...inner, ...(extra ? [extra] : [])].join(', ')} FROM ${relation}) AS ${s} ${joins.join(' ')}`,
    labels: plan.quasi.map((_, i) => `${m(i)}.${id('label')}`),
    cell: (j) => `${s}.${c(j)}`,
    row: s,
  };
}

/**
 * ClickHouse: the maps as arrays (`transform`) and sets (`IN`) and the kept classes as a tuple set, so no join; the
 * row order is the one of shuffled-rows-sql.ts for ClickHouse (the per-shard row number and a per-row draw, hashed with
 * the key).
 */
function clickHouseGeneralizedRowsSql(
  target: SqlTarget,
  from: SqlRelation,
  plan: GeneralizedRows,
  key: string,
): SqlStatement {
  const sql = sqlWriter(target);
  const relation = relationText(sql, from);
  const id = (name: string) => sql.identifier(name);
  const n = id('_privspec_n');
  const r = id('_privspec_r');
  const c = (j: number) => id(`_privspec_c${j}`);
  const o = (j: number) => id(`_privspec_o${j}`);
  const at = plan.quasi.map((q) => plan.columns.indexOf(q.column));
  const array = (texts: readonly string[]) => `[${texts.map((v) => sql.string(v)).join(', ')}]`;
  const inner = plan.columns.map((col, j) => `${sql.text(id(col))} AS ${c(j)}`);
  const out = plan.columns.map((_, j) => {
    const i = at.indexOf(j);
    if (i >= 0) {
      const q = plan.quasi[i];
      return `transform(${c(j)}, ${array(q.values)}, ${array(q.values.map((_, x) => valueLabel(q, x)))}, '') AS ${o(j)}`;
    }
    return `${plan.spreadsheetSafe ? spreadsheetSafeSql(sql, c(j)) : c(j)} AS ${o(j)}`;
  });
  // IN builds one hash set per statement; has() over the array scanned it for every row (71 s against 0.2 s over
  // 2·10^6 rows and 10,000 values on 18.16). A decision without values (an empty source) keeps no row.
  const known = plan.quasi.map((q, i) =>
    q.values.length ? `${c(at[i])} IN (${q.values.map((v) => sql.string(v)).join(', ')})` : '0',
  );
  const tuple = (texts: readonly string[]) =>
    texts.length === 1 ? sql.string(texts[0]) : `(${texts.map((v) => sql.string(v)).join(', ')})`;
  const labels = at.length === 1 ? o(at[0]) : `(${at.map((j) => o(j)).join(', ')})`;
  const kept = `${labels} IN (${Array.from({ length: plan.classes.count }, (_, c) => tuple(classLabels(plan, c))).join(', ')})`;
  const hash = keyedHashSql(sql, key, [sql.string('s'), `toString(${n})`, `toString(${r})`]);
  return sql.statement(
    `SELECT ${plan.columns.map((_, j) => o(j)).join(', ')} FROM (SELECT ${out.join(', ')}, ${n}, ${r} FROM (SELECT ${[...inner, `rowNumberInAllBlocks() AS ${n}`, `rand64() AS ${r}`].join(', ')} FROM ${relation}) WHERE ${[...known, kept].join(' AND ')}) ORDER BY ${hash}, ${n}, ${r}`,
  );
}
