import type { MondrianResult } from '../../engine/mondrian/mondrian.js';

/** The Mondrian part of `privspec anonymize --json`. */
export function mondrianJson(m: MondrianResult): Record<string, unknown> {
  return {
    k: m.k,
    partitions: m.partitions,
    smallestPartition: m.smallestPartition,
    metrics: m.metrics,
    fullDomain: m.fullDomain ?? null,
  };
}

/**
 * The report as a data steward reads it: the transformation, its loss, what was suppressed and which columns were
 * removed.
 */
export function toText(report: Record<string, unknown>, qi: string[]): string {
  const lines: string[] = [];
  if (report.transformation === null) {
    lines.push(
      `no transformation satisfies ${(report.models as string[]).join(' and ')} with at most ${String(report.suppressionLimit)} suppressed records`,
    );
  } else {
    const t = report.transformation as Record<string, number>;
    lines.push(`optimal transformation: ${qi.map((name) => `${name}=${t[name]}`).join(', ')}`);
    lines.push(`${String(report.metric)}: ${String(report.loss)}`);
    lines.push(
      `classes: ${String(report.classes)}, suppressed records: ${String(report.suppressed)} of ${String(report.rows)} (limit ${String(report.suppressionLimit)})`,
    );
  }
  lines.push(
    `lattice: ${String(report.nodesEvaluated)} of ${String(report.nodes)} nodes evaluated in ${String(report.searchMs)} ms`,
  );
  if (report.mondrian) {
    const m = report.mondrian as {
      partitions: number;
      metrics: Record<string, number>;
      fullDomain: Record<string, number> | null;
    };
    lines.push(
      `mondrian: ${m.partitions} partitions; ${Object.entries(m.metrics)
        .map(([name, v]) => `${name} ${v}`)
        .join(', ')}`,
    );
    if (m.fullDomain)
      lines.push(
        `full-domain optimum, same metrics: ${Object.entries(m.fullDomain)
          .map(([name, v]) => `${name} ${v}`)
          .join(', ')}`,
      );
  }
  const removed = report.removedColumns as string[];
  if (removed.length > 0)
    lines.push(`removed as identifying (not declared): ${removed.join(', ')}; keep an insensitive column with --keep`);
  if (typeof report.out === 'string' && report.out) lines.push(`written: ${report.out}`);
  return `${lines.join('\n')}\n`;
}
