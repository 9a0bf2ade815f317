/**
 * A release's query as one kind's, for code that only that kind's module reaches (a kind's preview, which the preview
 * registry calls for the kind's view): the query's fields typed as the kind's, and a programming error, said with the
 * caller's name, if anything else arrives. It asserts a type; it chooses no behaviour, which stays the kind's.
 */
import type { QueryKind, ReleaseDescription } from '../release-description.js';
import type { QueryOf } from './release-kind.js';

export function queryOfKind<K extends QueryKind>(release: ReleaseDescription, name: K, caller: string): QueryOf<K> {
  const q = release.query;
  if (q.kind !== name) throw new Error(`${caller}: not a ${name} release (${q.kind})`);
  return q as QueryOf<K>;
}
