/**
 * Checks of a local DP release that need no data: a domain that is not declared (the release refuses it: a domain from
 * the data would publish which values occur, and randomized response over it would never report an absent value), a
 * column randomized again after an earlier PRAM or local release of the spec without `rerun`.
 */
import type { CheckFacts, EditorCheck } from '../kind-editor-types.js';
import type { LocalQuery } from './local-protocol.js';

export function localChecks(q: LocalQuery, facts: CheckFacts): EditorCheck[] {
  const found: EditorCheck[] = [];
  const name = q.column;
  if (name === '') return found;
  if (!facts.declaredDomains.has(name))
    found.push({
      severity: 'error',
      message: `local ${q.protocol} of '${name}' needs its domain declared: the reports are over the declared values, and a domain read from the data would publish which values occur; declare them with a hierarchy that lists them (hierarchy ${name} { … })`,
      column: name,
      code: 'data-dependent-domain',
    });
  const earlier = facts.randomizedBy.get(name);
  if (earlier !== undefined && !q.rerun)
    found.push({
      severity: 'warning',
      message: `'${facts.release}' randomizes ${name} again after '${earlier}': two randomized reports of the same units compose, so the ledger refuses the second unless the release says 'rerun' (their local ε then add up)`,
      column: name,
      code: 'local-rerun',
    });
  if (earlier === undefined) facts.randomizedBy.set(name, facts.release);
  return found;
}
