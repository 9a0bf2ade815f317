/**
 * A short fingerprint of what decides a generalization search's levels: the quasi-identifiers, the anonymity block
 * (criteria, suppression limit, metric, pinned levels) and each quasi-identifier's hierarchy. The search is
 * deterministic, so on the same data (one ledger) two searches with equal fingerprints choose the same levels and
 * publish the same equivalence classes; a ledger entry keeps the fingerprint where the levels are only known once the
 * search has run. It is a check of equality, not a secret: the ledger is never published.
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { AnonymityDescription } from './release-description.js';

/**
 * Values that builders without a value list (intervals, masks, dates) generalize differently when their parameters
 * differ (an interval's origin is not in its source's text).
 */
const PROBES = ['0', '1', '5', '9', '10', '17', '99', '100', '1000', '-1', '10001', '2020-06-15', 'a'];

/** FNV-1a over the string's UTF-16 units, 32 bits, from `seed`. */
function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Two independent 32-bit FNV-1a hashes, as 16 hex digits. */
function digest(text: string): string {
  const a = fnv1a(text, 0x811c9dc5);
  const b = fnv1a(text, 0x050c5d1f);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** A hierarchy as text: its height, its source, and the generalizations of its listed values and of the probes. */
function hierarchyText(h: Hierarchy | undefined): string {
  if (!h) return 'none';
  const rows = [...(h.values ?? []), ...PROBES].map((v) => JSON.stringify(h.generalize(v) ?? null));
  return `${h.height}|${h.source ?? ''}|${rows.join(';')}`;
}

export function decisionFingerprint(
  quasi: readonly string[],
  anonymity: AnonymityDescription | undefined,
  hierarchies: ReadonlyMap<string, Hierarchy>,
): string {
  const parts = [
    JSON.stringify(quasi),
    JSON.stringify(anonymity?.criteria.map((c) => c.name) ?? null),
    String(anonymity?.suppression),
    String(anonymity?.metric),
    JSON.stringify([...(anonymity?.pins ?? new Map<string, number>())].sort()),
    ...quasi.map((q) => digest(hierarchyText(hierarchies.get(q)))),
  ];
  return digest(parts.join('\n'));
}
