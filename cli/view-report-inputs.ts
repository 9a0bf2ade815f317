/**
 * The files a view release's report points back to, which nothing made from the view may replace: the spec it names
 * (its `spec` field, relative to the report's folder), the data that spec reads, and a `dataset` field if the report
 * has one. Only the spec's text is read, to learn the data's path; the data itself is never opened, so sampling from a
 * view still neither reads the data nor spends budget. A spec that is gone or no longer parses names no data: the
 * output guard then still refuses the view itself, the spec's path and any ledger folder.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { analyzeDocument } from '../language/privspec-analysis.js';
import { loadSpec, nodeServices } from '../language/check-spec.js';

export async function viewReportInputs(
  viewFile: string,
  report: { spec?: string; dataset?: string },
): Promise<string[]> {
  const folder = dirname(viewFile);
  const inputs: string[] = [];
  if (report.dataset !== undefined) inputs.push(resolve(folder, report.dataset));
  if (report.spec === undefined) return inputs;
  const spec = resolve(folder, report.spec);
  inputs.push(spec);
  if (!spec.endsWith('.privspec') || !existsSync(spec)) return inputs;
  const services = nodeServices();
  try {
    const document = await loadSpec(spec, services);
    try {
      const data = analyzeDocument(document).dataset?.file;
      if (data !== undefined) inputs.push(data);
    } finally {
      services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
    }
  } catch {
    // A spec that cannot be read or analysed names no data file; the other inputs are still guarded.
  }
  return inputs;
}
