import { runCli } from './run-cli-isolated.js';

/**
 * Runs the command line in `dir` with DuckDB on `threads` threads (its default when undefined), for the tests that
 * compare one answer across engines and thread counts; restores PRIVSPEC_DUCKDB_THREADS after each test. The output
 * leaves out the search's time, the one figure that differs by nature.
 */
export function runOnThreads(dir: string) {
  const saved = process.env.PRIVSPEC_DUCKDB_THREADS;
  afterEach(() => {
    if (saved === undefined) delete process.env.PRIVSPEC_DUCKDB_THREADS;
    else process.env.PRIVSPEC_DUCKDB_THREADS = saved;
  });
  return async (args: string[], threads?: number) => {
    if (threads === undefined) delete process.env.PRIVSPEC_DUCKDB_THREADS;
    else process.env.PRIVSPEC_DUCKDB_THREADS = String(threads);
    let out = '';
    let err = '';
    const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out: out.replace(/"searchMs":[0-9.e+-]+,?/, ''), err };
  };
}
