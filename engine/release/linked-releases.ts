/**
 * Releases that undo each other. A microdata file (generalize, PRAM) is published next to every other release of the
 * spec; a column it writes exactly is public, whatever another release does to protect it. So a spec whose microdata
 * releases publish exactly a column that another release protects — the input of a differentially private release, or
 * the column a PRAM release randomizes — is an error naming both releases, unless one of the two says why the spec
 * accepts it (`accept linked-releases "reason"`); the report of the release that accepts repeats the reason.
 *
 * What each microdata release writes (engine/release/kinds/): `generalize` writes its quasi-identifiers at the anonymity
 * block's levels and every sensitive and insensitive column exactly; `pram` writes the columns it randomizes and the
 * quasi-identifiers at those same levels, nothing else. A quasi-identifier is exact when it is pinned at level 0, and
 * may be exact when it is not pinned (the search may choose level 0), so an unpinned one counts as exact here.
 */
import { columnUses, releasable, roleOf, type ColumnRoles } from './column-roles.js';
import type { QueryDescription, ReleaseDescription } from './release-description.js';

export interface MicrodataLayout {
  readonly roles: ColumnRoles;
  /** Whether the spec has an anonymity block (without one a PRAM release writes no quasi-identifier). */
  readonly anonymity: boolean;
  /** The levels the anonymity block pins. */
  readonly pins: ReadonlyMap<string, number>;
}

export interface LinkedRelease {
  /** The microdata release that publishes the column exactly. */
  readonly publisher: string;
  /** The release that protects it. */
  readonly protector: string;
  readonly column: string;
  /** Set when one of the two accepts the link, with its reason. */
  readonly accepted?: { readonly by: string; readonly reason: string };
  readonly message: string;
}

/** Why a quasi-identifier is written exactly, or undefined when it is generalized above level 0. */
function exactQuasi(column: string, layout: MicrodataLayout): string | undefined {
  const pin = layout.pins.get(column);
  if (pin === undefined) return 'not pinned, so the search may keep it at level 0';
  return pin === 0 ? 'pinned at level 0' : undefined;
}

/** The columns a microdata release writes exactly, each with why; empty for a DP release. */
export function exactColumns(q: QueryDescription, layout: MicrodataLayout): Map<string, string> {
  const out = new Map<string, string>();
  const { roles } = layout;
  if (q.kind === 'generalize') {
    for (const c of [...roles.sensitive, ...roles.insensitive]) if (releasable(roleOf(roles, c))) out.set(c, `a ${roleOf(roles, c)} column, written as it is`);
  }
  if (q.kind === 'generalize' || (q.kind === 'pram' && layout.anonymity)) {
    for (const c of roles.quasi) {
      if (q.kind === 'pram' && q.columns.includes(c)) continue;
      const why = releasable(roleOf(roles, c)) ? exactQuasi(c, layout) : undefined;
      if (why !== undefined) out.set(c, `a quasi-identifier ${why}`);
    }
  }
  return out;
}

/** The columns a release protects, each with how. */
export function protectedColumns(q: QueryDescription): Map<string, string> {
  const out = new Map<string, string>();
  if (q.kind === 'pram') for (const c of q.columns) out.set(c, 'by randomizing it');
  else if (q.kind !== 'generalize') {
    for (const u of columnUses(q)) out.set(u.column, `as the ${u.use} of a DP release`);
    if (q.kind === 'sum' || q.kind === 'mean') out.set(q.column, `by a DP ${q.kind} of it`);
  }
  return out;
}

function acceptance(r: ReleaseDescription): { by: string; reason: string } | undefined {
  return r.accepts.includes('linked-releases') ? { by: r.name, reason: r.reasons?.['linked-releases'] ?? '' } : undefined;
}

/** Every pair (microdata release, other release) and column where the first publishes exactly what the second protects. */
export function linkedReleases(releases: readonly ReleaseDescription[], layout: MicrodataLayout): LinkedRelease[] {
  const links: LinkedRelease[] = [];
  for (const m of releases) {
    const exact = exactColumns(m.query, layout);
    if (exact.size === 0) continue;
    for (const r of releases) {
      if (r === m) continue;
      for (const [column, how] of protectedColumns(r.query)) {
        const why = exact.get(column);
        if (why === undefined) continue;
        const accepted = acceptance(m) ?? acceptance(r);
        const message = `'${m.name}' publishes '${column}' exactly (${why}), and '${r.name}' protects it (${how}): the published file gives away what '${r.name}' protects; leave the column out of '${m.name}' (pin its level above 0, randomize it in the PRAM release, or drop the release that protects it), or say why with 'accept linked-releases "reason"' on one of the two`;
        links.push({ publisher: m.name, protector: r.name, column, message, ...(accepted ? { accepted } : {}) });
      }
    }
  }
  return links;
}
