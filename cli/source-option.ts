import { resolve } from 'node:path';
import { parseSourceOption, locationName } from '../engine/host/sources/database-location.js';
import { TableError } from '../engine/table/table.js';
import { CliError } from './cli-error.js';

/**
 * The data a command reads: one positional file (CSV or Parquet), or `--source postgres:SCHEMA.TABLE` /
 * `--source clickhouse:DB.TABLE` for a table in a database server. The server's address and the credentials come from
 * the environment (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGSERVICE; CLICKHOUSE_URL, CLICKHOUSE_USER,
 * CLICKHOUSE_PASSWORD) — never from an argument, which would be kept in the shell's history and in process listings.
 */
export const SOURCE_FLAG = { source: { type: 'string' } } as const;

export const SOURCE_USAGE = `  --source ENGINE:TABLE    read a database table instead of a file: postgres:SCHEMA.TABLE or clickhouse:DB.TABLE;
                           the server and credentials come from the environment (PGHOST…, CLICKHOUSE_URL…)
`;

/** The location the readers of engine/host/sources/open-source.ts take: a resolved path, or `postgres:schema.t`. */
export function inputLocation(positionals: readonly string[], source: string | undefined, cwd: string): string {
  if (source !== undefined) {
    if (positionals.length > 0)
      throw new CliError(`give either a file or --source, not both (got ${positionals.join(' ')} and --source)`);
    try {
      return locationName(parseSourceOption(source));
    } catch (error) {
      if (error instanceof TableError) throw new CliError(error.message);
      throw error;
    }
  }
  if (positionals.length !== 1)
    throw new CliError(
      positionals.length === 0
        ? 'missing the <csv> argument (or --source ENGINE:TABLE)'
        : `expected one <csv> argument, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  return resolve(cwd, positionals[0]);
}
