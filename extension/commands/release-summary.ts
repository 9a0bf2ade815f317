import type { RunReleaseResult } from '../protocol.js';
import { plural } from '../../engine/core/plural.js';

/** One line per release for the output channel, saying when a release had run before (it spent again). */
export function describeRun(result: RunReleaseResult): string[] {
  return result.releases.map((r) => {
    const again = r.previousRuns > 0 ? ` (run ${plural(r.previousRuns, 'time')} before: spent again)` : '';
    return `${r.name}: ${r.status}${again}${r.message ? ` — ${r.message}` : ''}`;
  });
}

/** The notification: how many releases were written, where, and the ledger's total. */
export function summarizeRun(result: RunReleaseResult, where: string): { text: string; ok: boolean } {
  const written = result.releases.filter((r) => r.status === 'written' || r.status === 'dry-run');
  const others = result.releases.filter((r) => !written.includes(r));
  const spent = (Object.entries(result.budget.spent) as [string, number][])
    .map(
      ([k, v]) => `${k === 'epsilon' ? 'ε' : k === 'rho' ? 'ρ' : k === 'delta' ? 'δ' : k} ${Number(v.toPrecision(4))}`,
    )
    .join(', ');
  const text =
    `${written.length} of ${result.releases.length} releases written to ${where}` +
    (spent ? `; ledger total ${spent}` : '') +
    (others.length > 0 ? `; ${others.map((r) => `${r.name} ${r.status}: ${r.message}`).join('; ')}` : '');
  return { text, ok: others.length === 0 };
}
