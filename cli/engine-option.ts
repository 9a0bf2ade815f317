import { ENGINES, type EngineChoice } from '../engine/host/sources/open-source.js';
import { CliError } from './cli-error.js';

/**
 * `--engine`: which engine reads the data. `auto` (the default) reads Parquet, and CSVs over 1 GiB, with DuckDB and
 * smaller CSVs in memory (engine/host/sources/open-source.ts says why that size); `duckdb` and `memory` force one.
 */
export function engineOption(value: string | undefined): EngineChoice {
  if (value === undefined) return 'auto';
  if (!(ENGINES as readonly string[]).includes(value))
    throw new CliError(`option --engine: '${value}' is not one of ${ENGINES.join(', ')}`);
  return value as EngineChoice;
}

export const ENGINE_USAGE =
  '  --engine E               auto (default: DuckDB for Parquet and for CSVs over 1 GiB), duckdb or memory\n';
