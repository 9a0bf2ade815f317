/**
 * The one route from an edge list's text to what a release and the hover need of it: the graph (header `a,b` or
 * `a,b,weight`, read with the engine's CSV parser), the Gaussian correlation model's leakage under prior τ, and the
 * most exposed unit's id. Errors are the parser's and the graph's one-line `TableError`s and `PrivacyError`s.
 */
import { parseCsv } from '../../table/parse-csv.js';
import { graphFromEdgeTable } from './correlation-graph.js';
import { gaussianLeakage } from './gaussian-leakage.js';

export interface EdgeListLeakage {
  /** Units in the graph. */
  readonly n: number;
  /** max ℓ over the weak adversaries. */
  readonly maxLeakage: number;
  /** The id of the unit with the largest ℓ. */
  readonly unit: string;
}

export function edgeListLeakage(text: string, source: string, tau: number): EdgeListLeakage {
  const { graph, ids } = graphFromEdgeTable(parseCsv(text, { source, delimiter: ',' }));
  const leakage = gaussianLeakage(graph, tau);
  return { n: graph.n, maxLeakage: leakage.max, unit: ids[leakage.argmax] };
}
