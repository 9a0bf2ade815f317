import type { RiskReport } from '../protocol.js';

const short = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(4)).toString() : String(x));

/** The survey-weighted headline figures for the summary table of the Markdown and HTML exports. */
export function individualRiskRows(r: RiskReport): [string, string][] {
  const w = r.individualRisk;
  if (!w) return [];
  if ('error' in w) return [[`Individual risk (survey weight ${w.weight})`, `not computed: ${w.error}`]];
  return [
    [
      `Expected re-identifications (survey weight ${w.weight})`,
      `${short(w.expectedReidentifications)} (global risk ${(100 * w.globalRisk).toFixed(2)}%)`,
    ],
    [`Records with individual risk above ${w.threshold}`, String(w.aboveThreshold)],
    ['Records with higher risk than the main part (median + 2·MAD, > 0.1)', String(w.higherThanMainPart)],
  ];
}

/** The distribution and the riskiest combinations as Markdown sections. */
export function individualRiskMarkdown(r: RiskReport): string[] {
  const w = r.individualRisk;
  if (!w || 'error' in w) return [];
  const lines = [
    '',
    `## Individual risk (survey weight ${w.weight}; Franconi & Polettini 2004)`,
    '',
    '| Risk | Classes | Records |',
    '|---|---:|---:|',
  ];
  for (const b of w.distribution) if (b.records > 0) lines.push(`| ${b.from}–${b.to} | ${b.classes} | ${b.records} |`);
  lines.push('', '| Riskiest key combination | fk | Fk | Risk |', '|---|---:|---:|---:|');
  for (const c of w.riskiest)
    lines.push(`| ${c.classKey.replace(/\|/g, '\\|')} | ${c.fk} | ${short(c.Fk)} | ${short(c.risk)} |`);
  return lines;
}
