/**
 * CPU time for the tests that bound work. Wall time is not asserted in mocha: on a shared or slower machine it measures
 * the neighbours as much as the code (a review saw 2.09 s against a 2 s wall limit under load). CPU time (user + system
 * of every thread of this process) measures the work itself, so a bound set at ten times or more what the work takes on
 * an idle machine fails only when the work grows by that much — a linear loop become quadratic, a bounded search
 * become exhaustive. The times themselves are printed by `npm run bench -- bounded`, not checked.
 */

/** The CPU seconds spent since `start` (a `process.cpuUsage()` reading). */
export function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** Runs `work` and returns its result with the CPU seconds it took; with PRIVSPEC_TIMES set, prints them. */
export async function withCpuTime<T>(what: string, work: () => Promise<T> | T): Promise<{ value: T; cpu: number }> {
  const start = process.cpuUsage();
  const value = await work();
  const cpu = cpuSecondsSince(start);
  if (process.env.PRIVSPEC_TIMES) console.log(`      CPU ${cpu.toFixed(3)} s: ${what}`);
  return { value, cpu };
}

/** The synchronous form of `withCpuTime`. */
export function withCpuTimeSync<T>(what: string, work: () => T): { value: T; cpu: number } {
  const start = process.cpuUsage();
  const value = work();
  const cpu = cpuSecondsSince(start);
  if (process.env.PRIVSPEC_TIMES) console.log(`      CPU ${cpu.toFixed(3)} s: ${what}`);
  return { value, cpu };
}
