import { relative, resolve } from 'node:path';
import { cryptoRandom } from '../../engine/core/random.js';
import { aggregatePlan, blankUnitsQuery } from '../../engine/host/run/aggregate-plan.js';
import { loadReleaseKinds, releaseKind } from '../../engine/release/kinds/registry.js';
import { BLANK_UNITS_ID } from '../../engine/host/run/blank-units-check.js';
import { duckdbRelation } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { boundingSeed } from '../../engine/source/keyed-order.js';
import { aggregateSql } from '../../engine/source/sql/aggregate-sql.js';
import { DIALECTS, type Dialect, type SqlTarget } from '../../engine/source/sql/dialect.js';
import { sqlIdentifier } from '../../engine/source/sql/sql-names.js';
import { frequencySql } from '../../engine/source/sql/frequency-sql.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { withSpecSource } from '../../engine/host/run/run-spec.js';
import { specData } from '../spec-data.js';
import { releaseInput, SpecNotRunnable } from '../../language/release-input.js';
import type { Command } from '../command.js';
import { databaseLocation } from '../../engine/host/sources/database-location.js';
import { CliError, ExitCode } from '../cli-error.js';
import { parseOptions } from '../parse-options.js';

/**
 * A table name as an identifier path (Spark's catalog.db.table too): each dot-separated part quoted for the dialect.
 */
function tableName(dialect: Dialect, name: string): string {
  return name
    .split('.')
    .map((part) => sqlIdentifier(dialect, part))
    .join('.');
}

const usage = `usage: privspec plan <file.privspec> --dialect duckdb|postgres|clickhouse|spark [--table NAME] [--json]

Prints the SQL that computes every aggregate the spec needs, to run where the data lives: the frequency table of the
quasi-identifiers and sensitive columns, and for each DP release (a view too) its rows after 'where' and contribution bounding,
grouped, before any noise. Save each query's answer as DIR/<id>.csv or DIR/<id>.parquet, then run
'privspec release <file.privspec> --aggregates DIR --out OUT': privspec adds the noise, records the spend and writes
the reports. Contribution bounding keeps rows in an order keyed by a fresh secret seed (printed in the SQL; see
docs/scale.md); noise is never added by the database.
  --dialect D   duckdb (reads the spec's CSV or Parquet file), postgres, clickhouse or spark
  --table NAME  the table to read (schema.table) for postgres, clickhouse and spark; for duckdb it replaces the file
  --json        print { dialect, seed, queries: [{ id, release, sql, columns }] } (columns: the frequency table's
                names for its answer's c0, c1, …, for 'privspec risk|anonymize --frequencies --frequency-columns')
`;

export const plan: Command = {
  summary: 'print the SQL computing the aggregates a spec needs',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, { dialect: { type: 'string' }, table: { type: 'string' } });
    if (positionals.length !== 1) throw new CliError(`expected one spec file, got ${positionals.length}`);
    const dialect = values.dialect as Dialect | undefined;
    if (dialect === undefined) throw new CliError(`option --dialect is required: one of ${DIALECTS.join(', ')}`);
    if (!DIALECTS.includes(dialect))
      throw new CliError(`option --dialect: '${dialect}' is not one of ${DIALECTS.join(', ')}`);
    const path = resolve(ctx.cwd, positionals[0]);
    const services = nodeServices();
    const document = await loadSpec(path, services);
    try {
      // The spec's checks read the dataset's header through one source, as privspec release reads it.
      const input = await withSpecSource(specData(document), (open) =>
        releaseInput(services, document, undefined, undefined, { scanData: false, open }),
      );
      const seed = boundingSeed(cryptoRandom());
      // A spec whose dataset is a database table names it (`from postgres table "s.t"`): that is the default --table.
      const table = values.table ?? databaseLocation(input.dataset.file)?.table;
      if (dialect !== 'duckdb' && table === undefined)
        throw new CliError(`option --table NAME is required for ${dialect}: the table the data lives in`);
      const from =
        table !== undefined ? tableName(dialect, table) : duckdbRelation(input.dataset.file, input.dataset.delimiter);
      // Printed for the user to run elsewhere: each value written as its dialect's literal (sql-literals.ts).
      const target: SqlTarget = { dialect, values: 'inline' };
      const blank = blankUnitsQuery(input);
      const queries = [...(blank ? [blank] : []), ...aggregatePlan(input, seed, cryptoRandom())].map((q) => ({
        id: q.id,
        ...(q.release !== undefined ? { release: q.release } : {}),
        sql: (q.aggregate ? aggregateSql(target, q.aggregate, from) : frequencySql(target, q.frequency!, from)).text,
        // The frequency table's answer names its columns c0, c1, …: these are the data's names for them, in order.
        ...(q.frequency ? { columns: q.frequency.columns } : {}),
      }));
      // Releases over several tables (R2T) print their kind's own statement, reading each dataset's relation.
      const relationOf = (name: string) => {
        const d = [input.dataset, ...(input.others ?? [])].find((x) => x.name === name)!;
        const own = databaseLocation(d.file)?.table ?? (d === input.dataset ? table : undefined) ?? name;
        return dialect === 'duckdb' && databaseLocation(d.file) === undefined
          ? duckdbRelation(d.file, d.delimiter)
          : tableName(dialect, own);
      };
      await loadReleaseKinds(input.releases.map((r) => r.query.kind));
      for (const r of input.releases) {
        const planned = releaseKind(r.query.kind).plannedSql?.(r, target, relationOf, input.dataset.unit);
        if (planned)
          queries.push({
            id: `release-${r.name}`,
            release: r.name,
            sql: planned.text ?? '',
            comments: planned.comments,
          } as (typeof queries)[number]);
      }
      if (values.json) {
        ctx.out(`${JSON.stringify({ dialect, seed, queries })}\n`);
        return ExitCode.Ok;
      }
      const spec = relative(ctx.cwd, path) || path;
      ctx.out(
        `-- privspec plan for ${spec} (${dialect}). Save each answer as DIR/<id>.csv or DIR/<id>.parquet, then run\n-- privspec release ${spec} --aggregates DIR --out OUT\n-- The seed of contribution bounding is fresh for this plan: plan again for another run.\n`,
      );
      for (const q of queries) {
        // A name with a line break would end the comment: such names are printed as JSON strings.
        const shown = q.columns?.map((n) => (/^[\w.-]+$/.test(n) ? n : JSON.stringify(n)));
        const names = shown
          ? `\n-- its columns c0, c1, … are ${shown.join(', ')}; read it back with privspec risk|anonymize --frequencies DIR/${q.id}.csv --frequency-columns ${shown.join(',')}`
          : '';
        const what =
          q.release !== undefined
            ? ` (release ${q.release})`
            : q.id === BLANK_UNITS_ID
              ? ' (the rows whose unit is blank: the release refuses the answers unless this is 0)'
              : ' (the anonymity search and the risk figures)';
        const comments = ((q as { comments?: string[] }).comments ?? []).map((c) => `\n-- ${c}`).join('');
        ctx.out(`\n-- ${q.id}${what}${names}${comments}\n${q.sql ? `${q.sql};\n` : ''}`);
      }
      return ExitCode.Ok;
    } catch (e) {
      if (!(e instanceof SpecNotRunnable)) throw e;
      ctx.err(`privspec plan: ${e.message.split(path).join(positionals[0])}\n`);
      return e.kind === 'spec' ? ExitCode.Violations : ExitCode.Usage;
    } finally {
      services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
    }
  },
};
