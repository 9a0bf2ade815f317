/** What every DP release's exact stage from a source's answer says locally, whatever its kind. */
import type { AggregateAnswer } from './data-source.js';

/** Rows the answer holds, and the note the table path prints when bounding dropped some (when the answer says so). */
export function answerNotes(answer: AggregateAnswer): { kept: number; local: string[] } {
  const kept = answer.groups.reduce((s, g) => s + g.rows, 0);
  const dropped = answer.request.bound && answer.selectedRows !== undefined ? answer.selectedRows - kept : undefined;
  return { kept, local: dropped === undefined ? [] : [`contribution bounding dropped ${dropped} rows`] };
}
