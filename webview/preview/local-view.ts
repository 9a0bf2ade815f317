import type { PreviewBody } from '../../extension/preview/preview-protocol.js';
import { fmt, h, table } from './dom.js';
import { localEpsilonText } from '../../engine/release/cost-text.js';

type LocalBody = Extract<PreviewBody, { kind: 'local' }>;

/**
 * A local DP release before it runs: what each unit reports and at what local ε, then per declared value its true count
 * (the owner's figure), the standard error of its estimate and one example estimate; then where the count-mean sketch
 * would have the smaller error at this ε and n. A table reads at any width, and the figures are few.
 */
export function localView(body: LocalBody, _container: HTMLElement): HTMLElement {
  const how =
    body.protocol === 'randomized-response'
      ? 'k-ary randomized response (Warner 1965; Wang et al. 2017)'
      : `a count-mean sketch of width ${body.sketchWidth} (Apple Differential Privacy Team 2017)`;
  return h(
    'section',
    { class: 'kind local' },
    h(
      'p',
      { id: 'local-summary' },
      `${body.column} by ${how}: ${localEpsilonText(body.epsilon)} per report, ${body.reports} reports (one per unit). Spends no central DP budget.`,
    ),
    table(
      `Estimated counts of ${body.column}: true count, standard error of the estimate, one example estimate`,
      ['value', 'true', 'standard error', 'example estimate'],
      body.values.map((v) => [
        v.value,
        String(v.before),
        `± ${fmt(v.standardError)}`,
        v.draw === null ? '—' : fmt(v.draw),
      ]),
      'local-values',
    ),
    h(
      'p',
      { id: 'local-crossover' },
      `A value no unit holds: ± ${fmt(body.responseError)} by randomized response over these ${body.values.length} values, ± ${fmt(body.sketchError)} by a sketch of width ${body.sketchWidth}. `,
      h(
        'strong',
        {},
        body.sketchBeatsAt === null
          ? 'Randomized response has the smaller error at any domain size at this ε and n.'
          : `The sketch has the smaller error from ${body.sketchBeatsAt} values on at this ε and n.`,
      ),
    ),
  );
}
