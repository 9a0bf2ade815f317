/**
 * Checks of a PRAM release that need no data: a column randomized again after an earlier PRAM release of the spec
 * without `rerun`, a domain taken from the data (the `data-dependent-domain` warning histograms get, as a warning
 * here: a PRAM file shows its values anyway), and each retention matrix's local ε against the user's threshold.
 */
import { keepProbability } from '../../../pram/retention-matrix.js';
import type { CheckFacts, EditorCheck } from '../kind-editor-types.js';
import type { QueryOf } from '../release-kind.js';

const quoted = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ');

/** One warning for every PRAM'd column whose domain would be read from the data, in any PRAM release of the spec. */
export function domainsFromData(places: readonly { readonly release: string; readonly column: string }[]): string {
  const columns = [...new Set(places.map((p) => p.column))];
  const releases = [...new Set(places.map((p) => p.release))];
  const one = columns.length === 1;
  const where =
    releases.length === 1 ? `'${releases[0]}'` : `${quoted(releases.slice(0, -1))} and '${releases.at(-1)}'`;
  return `the ${one ? 'domain' : 'domains'} of ${quoted(columns)} in ${where} would be taken from the data's values, so ${releases.length === 1 && one ? 'the matrix (and its ε) depends' : 'the matrices (and their ε) depend'} on the data; declare the values with a hierarchy that lists them (hierarchy ${columns[0]} { … }, or one from a file)`;
}

export function pramChecks(query: QueryOf<'pram'>, facts: CheckFacts): EditorCheck[] {
  const q = query;
  const found: EditorCheck[] = [];
  // The ledger refuses a second PRAM of a column of the same data unless the release says `rerun`, so the spec is told
  // before ▶ Run is.
  const again = q.columns.filter((c) => facts.randomizedBy.has(c));
  if (again.length > 0 && !q.rerun) {
    found.push({
      severity: 'warning',
      message: `'${facts.release}' randomizes ${again.join(', ')} again after '${facts.randomizedBy.get(again[0])}': two PRAM files of the same records, joined, give the true values back by majority vote, so the ledger refuses the second unless the release says 'rerun' (their local ε then add up)`,
      column: again[0],
      code: 'pram-rerun',
    });
  }
  for (const c of q.columns) if (!facts.randomizedBy.has(c)) facts.randomizedBy.set(c, facts.release);
  for (const name of q.columns) {
    if (q.matrix === undefined && !facts.declaredDomains.has(name)) {
      found.push({
        severity: 'warning',
        message: `the domain of '${name}' would be taken from the data's values, so the matrix (and its ε) depends on the data; declare the values with a hierarchy that lists them (hierarchy ${name} { … })`,
        column: name,
        code: 'data-dependent-domain',
        grouped: { key: 'pram domain from data', message: domainsFromData },
      });
    }
    const size = facts.inlineDomains.get(name)?.length;
    // retain 1 keeps every value: nothing is randomized, whatever the domain (the release refuses it too).
    if (q.retain !== undefined && q.retain >= 1) {
      found.push({
        severity: 'error',
        message: `PRAM of '${name}' with retain ${q.retain} keeps every value: local ε is infinite and the column is written exactly; lower retain below 1`,
        column: name,
        code: 'pram-epsilon-high',
      });
      continue;
    }
    if (q.retain === undefined || size === undefined || size < 2) continue;
    // P(v→v) = r + (1−r)/|V| over P(u→v) = (1−r)/|V|: the largest likelihood ratio, so ε_local = ln of it.
    const keep = keepProbability(q.retain, size);
    const epsilon = Math.log(keep / ((1 - q.retain) / size));
    if (epsilon > facts.maxEpsilon) {
      found.push({
        severity: 'warning',
        message: `PRAM of '${name}' keeps a value with probability ${Number(keep.toPrecision(3))}: local ε = ${Number(epsilon.toPrecision(3))}, above the threshold ${facts.maxEpsilon} (setting ${facts.maxEpsilonSetting}); lower retain to randomize more`,
        column: name,
        code: 'pram-epsilon-high',
      });
    }
  }
  return found;
}
