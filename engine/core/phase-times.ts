/**
 * The wall time of a run's phases — the frequency table's GROUP BY, the search, the engine's COPY, the check of the
 * written file, its digest — kept only when a bench asks for them (the command line's PRIVSPEC_PHASES names a file to
 * write them to), so that `npm run bench -- scale` can print where a whole process's time went. Phases are named by
 * the code that runs them and may repeat (each occurrence is added to its name's total). Nothing is kept otherwise:
 * a phase costs one branch.
 */

/** A phase's total time and how many times it ran. */
export interface PhaseTime {
  readonly ms: number;
  readonly runs: number;
}

let kept: Map<string, PhaseTime> | undefined;

/** Starts keeping phase times in this process (the command line, when PRIVSPEC_PHASES is set). */
export function keepPhaseTimes(): void {
  kept ??= new Map();
}

/** Each phase's total time, in the order the phases first ran; empty unless kept. */
export function phaseTimes(): ReadonlyMap<string, PhaseTime> {
  return kept ?? new Map();
}

function add(name: string, started: number): void {
  const before = kept?.get(name) ?? { ms: 0, runs: 0 };
  kept?.set(name, { ms: before.ms + performance.now() - started, runs: before.runs + 1 });
}

/** Runs `body`, adding its wall time to the phase `name` when phase times are kept. */
export async function timedPhase<T>(name: string, body: () => Promise<T>): Promise<T> {
  if (!kept) return body();
  const started = performance.now();
  try {
    return await body();
  } finally {
    add(name, started);
  }
}

/** `timedPhase` for a synchronous body (the search). */
export function timedPhaseSync<T>(name: string, body: () => T): T {
  if (!kept) return body();
  const started = performance.now();
  try {
    return body();
  } finally {
    add(name, started);
  }
}
