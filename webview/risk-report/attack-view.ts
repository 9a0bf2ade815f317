/**
 * The risk report's "Simulated linkage attack" section in the webview: the rows the saved Markdown and HTML show
 * (extension/risk-report/attack-section.ts), then the records most at risk. Display only.
 */
import type { AttackReportSection } from '../../language/attack-request-types.js';
import { attackRows } from '../../extension/risk-report/attack-section.js';

type Make = <K extends keyof HTMLElementTagNameMap>(
  name: K,
  attributes?: Record<string, string>,
  ...children: (Node | string)[]
) => HTMLElementTagNameMap[K];

export function attackView(a: AttackReportSection | undefined, h: Make): HTMLElement[] {
  if (!a) return [];
  const rows = attackRows(a).map(([k, v]) => h('tr', {}, h('th', { scope: 'row' }, k), h('td', {}, v)));
  const out: HTMLElement[] = [
    h('h2', {}, 'Simulated linkage attack'),
    h('table', { id: 'attack', 'aria-label': 'Simulated linkage attack' }, h('tbody', {}, ...rows)),
  ];
  if (a.atRisk.length > 0) {
    out.push(
      h('p', { class: 'meta' }, "Records most at risk: the attacker's most confident one-to-one links."),
      h(
        'table',
        { id: 'attack-at-risk' },
        h(
          'thead',
          {},
          h('tr', {}, ...['Released record', 'Candidate', 'Score', 'Correct'].map((c) => h('th', { scope: 'col' }, c))),
        ),
        h(
          'tbody',
          {},
          ...a.atRisk.map((r) =>
            h(
              'tr',
              {},
              h('td', { class: 'n' }, String(r.record)),
              h('td', {}, r.candidate),
              h('td', { class: 'n' }, r.score.toFixed(4)),
              h('td', {}, r.correct === undefined ? '—' : r.correct ? 'yes' : 'no'),
            ),
          ),
        ),
      ),
    );
  }
  return out;
}
