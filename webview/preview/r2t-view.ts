import type { PreviewBody } from '../../extension/preview/preview-protocol.js';
import { h, table } from './dom.js';

type R2tBody = Extract<PreviewBody, { kind: 'r2t' }>;

const sig = (x: number) => String(Number(x.toPrecision(4)));

/**
 * An R2T release: per cell, the median and mean error of R2T beside each fixed truncation threshold τ. The figures
 * come from the exact data and are labelled local: the data's owner sees them, a release never holds them.
 */
export function r2tView(body: R2tBody): HTMLElement {
  const taus = body.cells[0]?.fixed.map((f) => f.tau) ?? [];
  return h(
    'section',
    { class: 'kind r2t' },
    h('p', { class: 'local' }, body.label),
    table(
      `|error| of R2T and of a fixed τ, median (mean) (ε per candidate ${sig(body.epsilonPerCandidate)})`,
      ['Cell', 'True (local)', 'R2T', ...taus.map((t) => `τ = ${t}`)],
      body.cells.map((c) => [
        c.labels.join(', ') || 'all',
        sig(c.truth),
        `${sig(c.r2t.median)} (${sig(c.r2t.mean)})`,
        ...c.fixed.map((f) => `${sig(f.median)} (${sig(f.mean)})`),
      ]),
      'r2t-errors',
    ),
  );
}
