/**
 * Which engine reads a data file: `auto` (DuckDB for Parquet and for a CSV above the size rule, the engine's own reader
 * otherwise), `duckdb` or `memory` (`--engine`). A plain choice the run's input names (engine/release/run-input.ts);
 * the host's opener acts on it (engine/host/sources/open-source.ts).
 */
export type EngineChoice = 'auto' | 'duckdb' | 'memory';
