import type { RunReleaseResult } from '../protocol.js';
import { plural } from '../../engine/core/plural.js';

/** One line per release for the output channel, saying when a release had run before (it spent again). */
export function describeRun(result: RunReleaseResult): string[] {
  return result.releases.map((r) => {
    const again = r.previousRuns > 0 ? ` (run ${plural(r.previousRuns, 'time')} before: spent again)` : '';
    return `${r.name}: ${r.status}${again}${r.message ? ` — ${r.message}` : ''}`;
  });
}

/**
 * The notification: how many releases were written, where, and the ledger's total against the limit in the budget's
 * notion, as the server's runner states it (one cost formatter, engine/release/cost-text.ts): `ledger total ε 1 of 1`,
 * under zCDP `ledger total ρ 0.07 of 0.147 (ε, δ = 1.37 of 3, 1e-6 by Bun & Steinke 2016)`.
 */
export function summarizeRun(result: RunReleaseResult, where: string): { text: string; ok: boolean } {
  const written = result.releases.filter((r) => r.status === 'written' || r.status === 'dry-run');
  const others = result.releases.filter((r) => !written.includes(r));
  const spent = result.budget.label ?? '';
  const text =
    `${written.length} of ${result.releases.length} releases written to ${where}` +
    (spent ? `; ledger total ${spent}` : '') +
    (others.length > 0 ? `; ${others.map((r) => `${r.name} ${r.status}: ${r.message}`).join('; ')}` : '');
  return { text, ok: others.length === 0 };
}
