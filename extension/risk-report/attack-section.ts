/**
 * The risk report's attack section in the saved Markdown and HTML: what Simulate Attack… measured (the language
 * server's
 * `privspec/simulateAttack`, the figures of `privspec attack`) beside the predicted risk. Display only: every figure
 * comes computed in the section.
 */
import type { AttackReportSection } from '../../language/attack-request-types.js';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${(100 * x).toFixed(1)}%`);
const name = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** Label/value rows shared by the Markdown, the HTML and the webview. */
export function attackRows(a: AttackReportSection): [string, string][] {
  const rows: [string, string][] = [
    ['Released file', name(a.releasedFile)],
    ['Candidates', `${name(a.candidatesFile)} (${a.candidates} records)`],
    ['Quasi-identifiers', `${a.qi.join(', ')} (${a.model})`],
    ['Linked one-to-one', `${a.matched} of ${a.released} (${a.ties} with tied best candidates, drawn at random)`],
  ];
  if (a.rate !== undefined) {
    // How released records were matched to the original's: a file privspec wrote is shuffled, and only its row key says
    // which is whose.
    if (a.alignment)
      rows.push([
        'Aligned with the original',
        a.alignment === 'row key'
          ? 'by the private row key privspec kept when it wrote the file'
          : `by record order, checked on ${(a.verifiedOn ?? []).join(', ')}`,
      ]);
    rows.push(['Re-identified (measured)', `${a.correct} = ${pct(a.rate)}`]);
    rows.push([
      'Predicted',
      a.predictedRate === null || a.predictedRate === undefined
        ? `not computed: ${a.predictedNote ?? ''}`
        : `${pct(a.predictedRate)} (${a.predictedBasis === 'eta' ? 'η of the PRAM matrices' : '1/class size'}) ± ${pct(a.tolerance)} (3σ)`,
    ]);
    if (a.etaDiagonalMean !== undefined) rows.push(['Mean η diagonal', pct(a.etaDiagonalMean)]);
    rows.push(['Precision of confident links', `${pct(a.precision)} of ${a.confident}`]);
    rows.push(['Verdict', a.exceeds ? 'EXCEEDS the predicted risk beyond its tolerance' : 'within the predicted risk']);
  } else rows.push(['Scored', 'no original file was given, so the rate is unknown']);
  return rows;
}

export function attackMarkdown(a: AttackReportSection | undefined): string[] {
  if (!a) return [];
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '',
    '## Simulated linkage attack',
    '',
    '| Figure | Value |',
    '|---|---|',
    ...attackRows(a).map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`),
  ];
  if (a.atRisk.length > 0) {
    lines.push(
      '',
      "Records most at risk (the attacker's most confident links):",
      '',
      '| Released record | Candidate | Score | Correct |',
      '|---:|---|---:|---|',
    );
    for (const r of a.atRisk)
      lines.push(
        `| ${r.record} | ${cell(r.candidate)} | ${r.score.toFixed(4)} | ${r.correct === undefined ? '—' : r.correct ? 'yes' : 'no'} |`,
      );
  }
  return lines;
}

export function attackHtml(a: AttackReportSection | undefined, escape: (s: string) => string): string {
  if (!a) return '';
  const rows = attackRows(a)
    .map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`)
    .join('');
  const risk = a.atRisk
    .map(
      (r) =>
        `<tr><td class="n">${r.record}</td><td>${escape(r.candidate)}</td><td class="n">${r.score.toFixed(4)}</td><td>${r.correct === undefined ? '—' : r.correct ? 'yes' : 'no'}</td></tr>`,
    )
    .join('');
  return `<h2>Simulated linkage attack</h2><table>${rows}</table>${risk ? `<p>Records most at risk:</p><table><tr><th>Released record</th><th>Candidate</th><th>Score</th><th>Correct</th></tr>${risk}</table>` : ''}`;
}
