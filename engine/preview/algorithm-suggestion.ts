/**
 * Which view algorithm answers the preview's workload best, said as the panel and the editor's quick fix say it:
 * "PrivTree 57.4 vs HDPView 227 on this data: switch?". The errors compared are the preview's own (view-workload.ts,
 * `compareAlgorithms`: HDPView and PrivTree from a few builds, identity exactly), not another formula. Those of built
 * algorithms are estimates from a few builds, so another algorithm is proposed only when its RMSE is below
 * `SWITCH_MARGIN` times the current one's: two algorithms within the builds' spread of each other are not worth an
 * edit, and the proposal should not flip from one preview to the next.
 */
import type { ViewAlgorithm } from '../view/view-types.js';
import type { AlgorithmError } from './view-workload.js';

/** The share of the current algorithm's RMSE another's must be under to be proposed. */
export const SWITCH_MARGIN = 0.9;

export interface AlgorithmSuggestion {
  readonly best: ViewAlgorithm;
  readonly bestRmse: number;
  readonly current: ViewAlgorithm;
  readonly currentRmse: number;
  /** The errors compared, e.g. "PrivTree 57.4 vs HDPView 227 on this data". */
  readonly comparison: string;
  /** What the panel says: the comparison and "switch?". */
  readonly text: string;
}

const NAMES: Record<ViewAlgorithm, string> = { hdpview: 'HDPView', privtree: 'PrivTree', identity: 'identity' };

/** An RMSE as the suggestion states it: three significant figures, thousands grouped. */
function figure(x: number): string {
  const r = Number(x.toPrecision(3));
  // Grouped by hand: the first toLocaleString of a process loads its locale data, a tenth of a second.
  return Math.abs(r) >= 1000 ? String(Math.round(r)).replace(/\B(?=(\d{3})+$)/g, ',') : String(r);
}

/**
 * The algorithm with the lowest RMSE among `offered` (those the release may switch to), when it is not `current` and
 * beats it by the margin; undefined otherwise, or when the current algorithm's error is unknown.
 */
export function suggestAlgorithm(
  errors: readonly AlgorithmError[],
  current: ViewAlgorithm,
  offered: readonly ViewAlgorithm[],
): AlgorithmSuggestion | undefined {
  const mine = errors.find((e) => e.algorithm === current)?.rmse;
  if (mine === undefined || mine === null) return undefined;
  let best: AlgorithmError | undefined;
  for (const e of errors)
    if (e.rmse !== null && offered.includes(e.algorithm) && (!best || e.rmse < best.rmse!)) best = e;
  if (!best || best.algorithm === current || best.rmse! >= SWITCH_MARGIN * mine) return undefined;
  const comparison = `${NAMES[best.algorithm]} ${figure(best.rmse!)} vs ${NAMES[current]} ${figure(mine)} on this data`;
  return {
    best: best.algorithm,
    bestRmse: best.rmse!,
    current,
    currentRmse: mine,
    comparison,
    text: `${comparison}: switch?`,
  };
}
