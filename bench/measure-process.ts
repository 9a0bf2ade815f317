// Shared by the arx and scale benchmarks: the wall time and peak memory of a whole `privspec` process, and Adult
// repeated.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ProcessFigures {
  /** Wall time of the fastest run, in ms. */
  readonly ms: number;
  /** Peak resident memory of that run, in MiB (NaN when /usr/bin/time is missing). */
  readonly peakMb: number;
  /**
   * The least CPU time (user + system, every thread of the child) of the runs, in ms (NaN when /usr/bin/time is
   * missing). On a machine shared with other work a run waits for a core, which its wall time counts and its CPU time
   * does not: beside the wall time it tells the process's own work from the queue it stood in.
   */
  readonly cpuMs: number;
}

/**
 * Runs `node dist/cli.cjs …args` `runs` times and keeps the fastest run, the one least disturbed by other work on the
 * machine. The peak resident set is the child's own, as GNU time reports it (`%M`, KiB), worker threads included; its
 * CPU time too (`%U`, `%S`).
 */
export function privspecProcess(
  args: readonly string[],
  runs: number,
  okCodes: readonly number[] = [0, 1],
): ProcessFigures {
  if (!existsSync('dist/cli.cjs')) spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  return nodeProcess(['dist/cli.cjs', ...args], runs, okCodes, `privspec ${args[0]}`);
}

/**
 * Runs `node …args` (this Node) `runs` times and keeps the fastest run, as privspecProcess does; `node -e 0` gives
 * the floor under every whole process a bench times, Node's own start on this machine at this load.
 */
export function nodeProcess(
  args: readonly string[],
  runs: number,
  okCodes: readonly number[] = [0],
  label = `node ${args.join(' ')}`,
): ProcessFigures {
  const timed = existsSync('/usr/bin/time');
  let best: ProcessFigures = { ms: Infinity, peakMb: NaN, cpuMs: NaN };
  let cpuMs = Infinity;
  for (let i = 0; i < runs; i++) {
    const command = [process.execPath, ...args];
    const started = performance.now();
    const r = timed
      ? spawnSync('/usr/bin/time', ['-f', '%M %U %S', ...command], { encoding: 'utf8', maxBuffer: 1 << 26 })
      : spawnSync(command[0], command.slice(1), { encoding: 'utf8', maxBuffer: 1 << 26 });
    const ms = performance.now() - started;
    if (r.status === null || !okCodes.includes(r.status)) throw new Error(`${label} failed (${r.status}): ${r.stderr}`);
    const [kib, user, system] = timed ? r.stderr.trim().split('\n').pop()!.split(' ').map(Number) : [NaN, NaN, NaN];
    cpuMs = Math.min(cpuMs, (user + system) * 1000);
    if (ms < best.ms) best = { ms, peakMb: kib / 1024, cpuMs: NaN };
  }
  return { ...best, cpuMs: timed ? cpuMs : NaN };
}

/** Adult repeated `times` times, header once, written to `scratch` (never into the repository). */
export function writeAdultRepeated(dir: string, scratch: string, times: number): string {
  const lines = readFileSync(join(dir, 'adult.csv'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const body = lines.slice(1).join('\n');
  const path = join(scratch, `adult-x${times}.csv`);
  writeFileSync(path, `${lines[0]}\n${Array.from({ length: times }, () => body).join('\n')}\n`);
  return path;
}

export const mb = (x: number) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(0)} MB`);
