/**
 * What the latest preview of each release proposed (algorithm-suggestion.ts), kept by the language server for the
 * release line's quick fix (algorithm-switch.ts): the proposal comes from builds only a preview runs.
 */
import type { AlgorithmSuggestion } from '../../engine/preview/algorithm-suggestion.js';
import type { ReleaseDescription } from '../../engine/release/release-description.js';
import type { PrivspecServices } from '../privspec-module.js';

export interface KeptSuggestion {
  /** The release as previewed (the panel's controls applied), compared with the line when the fix is asked for. */
  readonly previewed: string;
  readonly suggestion: AlgorithmSuggestion;
}

/** Per language server (its shared services), per document and release: the latest preview's proposal. */
const kept = new WeakMap<object, Map<string, KeptSuggestion>>();

const keyOf = (uri: string, release: string) => `${uri}\n${release}`;

/** Records what a preview found (or that it found nothing to propose, which drops an earlier proposal). */
export function keepSuggestion(
  services: Pick<PrivspecServices, 'shared'>,
  uri: string,
  previewed: ReleaseDescription,
  suggestion: AlgorithmSuggestion | undefined,
): void {
  let map = kept.get(services.shared);
  if (!map) kept.set(services.shared, (map = new Map<string, KeptSuggestion>()));
  const key = keyOf(uri, previewed.name);
  if (suggestion) map.set(key, { previewed: JSON.stringify(previewed), suggestion });
  else map.delete(key);
}

/** The latest preview's proposal for a release of a document, if it proposed one. */
export function keptSuggestion(
  services: Pick<PrivspecServices, 'shared'>,
  uri: string,
  release: string,
): KeptSuggestion | undefined {
  return kept.get(services.shared)?.get(keyOf(uri, release));
}
