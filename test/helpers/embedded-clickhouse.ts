import { unescapeField } from '../../engine/host/sources/clickhouse/clickhouse-client.js';
import { SqlServerSource, type SqlConnection } from '../../engine/host/sources/sql-server-source.js';
import { sqlSyntax, type SqlStatement, type ValueMode } from '../../engine/source/sql/dialect.js';
import { sqlIdentifier } from '../../engine/source/sql/sql-names.js';
import type { ServerUnderTest } from './source-equivalence.js';
import { ServerUnavailable } from './server-process.js';

/**
 * Current ClickHouse, embedded: chDB (the `chdb` npm package, whose `@chdb/lib-linux-x64-gnu` carries the ClickHouse
 * engine itself, 26.x) runs the very SQL privspec sends a ClickHouse server, in this process. Debian has only 18.16 as
 * a server; with this the ClickHouse dialect is run on the oldest release it supports and on a current one. A session
 * is one ClickHouse instance in a temporary folder (no cluster: the Distributed path is the 18.16 servers' test).
 *
 * chDB is not a dependency in package.json: its npm package lists engine libraries for four platforms, and a lock file
 * must name them all, which a registry mirror holding only linux-x64 cannot give. `.ci/run` installs it after `npm ci`
 * (`npm install --no-save chdb@3.4.0`); without it the test is skipped on a developer's machine and fails in CI.
 */
export const CHDB = 'chdb@3.4.0';

/** The part of chDB's API used here. */
interface ChdbSession {
  query(query: string, format?: string): string;
  queryBind(query: string, args: object, format?: string): string;
  cleanup(): void;
}
export interface EmbeddedClickHouse {
  readonly version: string;
  readonly server: ServerUnderTest;
  sql(text: string): { columns: string[]; rows: (string | null)[][] };
  close(): void;
}

/** TabSeparatedWithNames text as column names and rows (`\N` is NULL), the form the HTTP client reads. */
function parse(text: string): { columns: string[]; rows: (string | null)[][] } {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const [head, ...body] = lines;
  return {
    columns: head === undefined ? [] : head.split('\t').map((v) => unescapeField(v) ?? ''),
    rows: body.map((l) => l.split('\t').map(unescapeField)),
  };
}

/**
 * `values`: how the sources' statements carry their values — `bound` as query parameters (chDB's queryBind, what a
 * current ClickHouse server is sent), or `inline` as the ClickHouse literal encoder writes them (what 18.16 is sent),
 * so that the encoder is run on a current ClickHouse too.
 */
export async function startEmbeddedClickHouse(values: ValueMode = 'bound'): Promise<EmbeddedClickHouse> {
  // A name in a variable, so that the type checker does not look for a package that may not be installed.
  const name = 'chdb';
  let Session: new () => ChdbSession;
  try {
    ({ Session } = (await import(name)) as { Session: new () => ChdbSession });
  } catch {
    throw new ServerUnavailable(`chDB (current ClickHouse, embedded) is not installed: npm install --no-save ${CHDB}`);
  }
  const session = new Session();
  const sql = (text: string) => parse(session.query(text, 'TabSeparatedWithNames'));
  const syntax = sqlSyntax('clickhouse');
  const literal = (value: string) => syntax.string(value);
  const run = (statement: SqlStatement) =>
    statement.params.length === 0
      ? sql(statement.text)
      : parse(
          session.queryBind(
            statement.text,
            Object.fromEntries(statement.params.map((v, i) => [`p${i + 1}`, v])),
            'TabSeparatedWithNames',
          ),
        );
  // chDB answers synchronously; async keeps its errors rejections, as a server connection's are.
  /* eslint-disable @typescript-eslint/require-await -- see above */
  const connection: SqlConnection = {
    values,
    query: async (statement) => run(statement),
    batches: async function* (statement, batchRows) {
      const { rows } = run(statement);
      for (let i = 0; i < rows.length; i += batchRows) yield rows.slice(i, i + batchRows);
    },
    close: async () => undefined,
  };
  const server: ServerUnderTest = {
    async load(name, columns, rows) {
      const [db, table] = name.includes('.') ? name.split('.') : ['default', name];
      session.query(`CREATE DATABASE IF NOT EXISTS ${db}`);
      session.query(
        `CREATE TABLE ${db}.${table} (${columns.map((c) => `${sqlIdentifier('clickhouse', c)} String`).join(', ')}) ENGINE = MergeTree() ORDER BY tuple()`,
      );
      for (let i = 0; i < rows.length; i += 5000) {
        const values = rows
          .slice(i, i + 5000)
          .map((r) => `(${r.map(literal).join(', ')})`)
          .join(', ');
        session.query(`INSERT INTO ${db}.${table} VALUES ${values}`);
      }
    },
    async open(name) {
      return new SqlServerSource(`clickhouse:${name}`, 'clickhouse', name, connection);
    },
  };
  /* eslint-enable @typescript-eslint/require-await */
  return { version: sql('SELECT version()').rows[0][0] ?? '', server, sql, close: () => session.cleanup() };
}
