import type { RunPreview } from '../protocol.js';

/** `2026-11-23 14:02 UTC` from an ISO time. */
export function shortTime(iso: string): string {
  return `${iso.replace('T', ' ').slice(0, 16)} UTC`;
}

/**
 * ▶ Run's confirmation, from the server's preview of the run: what it spends and what remains after it, in the budget's
 * accounting notion (under zCDP, ρ, with the ε left after it converted and labelled so; the server's figures come from
 * the one cost formatter, engine/release/cost-text.ts); a PRAM release's local ε; a warning when a release already ran
 * (running again spends again — the ledger, not the spec, is what has been spent); that earlier files stay. `blocked`
 * when the ledger would refuse the run: nothing to confirm.
 */
export function runConfirmation(what: string, run: RunPreview): { message: string; detail: string; blocked: boolean } {
  const spends =
    run.adds === 'nothing'
      ? `It spends no differential-privacy budget.${run.local ? ` ${run.local}` : ''}`
      : `It spends ${run.adds}; ${run.remainingAfter} of the budget's ${run.limit} remains after it${run.convertedAfter ? ` ${run.convertedAfter}` : ''}.`;
  if (run.overrun) {
    return {
      message: `PrivSpec: not run: ${what} needs ${run.adds}, but only ${run.remaining} of the budget's ${run.limit} remains in the ledger.`,
      detail: '',
      blocked: true,
    };
  }
  const again = run.previous.map(
    (p) =>
      `${p.release} was released on ${shortTime(p.at)}; running again spends ${run.adds === 'nothing' ? 'nothing' : run.adds} more.`,
  );
  const detail = [
    ...again,
    run.previous.length > 0 ? 'Earlier outputs stay as they are: this run writes new files beside them.' : '',
    run.adds === 'nothing'
      ? ''
      : "The spend is recorded in the data's ledger (shared by every spec that reads it) before any file is written.",
  ]
    .filter(Boolean)
    .join('\n');
  return { message: `Run ${what}? ${spends}`, detail, blocked: false };
}
