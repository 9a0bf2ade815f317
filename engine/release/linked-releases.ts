/**
 * Releases that undo each other. A microdata file (generalize, PRAM) is published next to every other release of the
 * spec; a column it writes exactly is public, whatever another release does to protect it. So a spec whose microdata
 * releases publish exactly a column that another release protects — the input of a differentially private release, or
 * the column a PRAM release randomizes — is an error naming both releases, unless one of the two says why the spec
 * accepts it (`accept linked-releases "reason"`); the report of the release that accepts repeats the reason.
 *
 * What each microdata release writes, as its kind says (`microdataFile` and `randomizedColumns` of its `ReleaseKind`,
 * engine/release/kinds/): `generalize` writes its quasi-identifiers at the anonymity block's levels and every sensitive
 * and insensitive column exactly; `pram` writes the columns it randomizes and the quasi-identifiers at those same
 * levels, nothing else. A quasi-identifier is exact when it is pinned at level 0, and may be exact when it is not
 * pinned (the search may choose level 0), so an unpinned one counts as exact here.
 *
 * A file also answers queries over the columns it writes generalized: its row count is the total a plain `count`
 * perturbs (less the suppressed rows), and a `where` region that follows the hierarchy's groups (`age in 20..29` beside
 * ages in 10-year bands) is counted exactly from it. So a DP release that reads any column the file writes — exactly or
 * generalized, not randomized — or that reads no column at all, is linked to the file too: a condition on a column the
 * file leaves out may select every row, so it cannot be relied on. The rule is conservative (a region that cuts across
 * groups only gets bounds from the file); such a pair is an error unless accepted with a reason.
 */
import { withArticle } from '../core/article.js';
import { columnUses, releasable, roleOf, type ColumnRoles } from './column-roles.js';
import { releaseKind } from './kinds/registry.js';
import type { QueryDescription, ReleaseDescription } from './release-description.js';

export interface MicrodataLayout {
  readonly roles: ColumnRoles;
  /** Whether the spec has an anonymity block (without one a PRAM release writes no quasi-identifier). */
  readonly anonymity: boolean;
  /** The levels the anonymity block pins. */
  readonly pins: ReadonlyMap<string, number>;
}

/**
 * The columns a microdata release's file holds unrandomized, by how it writes them (`ReleaseKind.microdataFile`): as
 * they are, or as quasi-identifiers at the anonymity block's levels. Columns of other roles are left out here.
 */
export interface MicrodataFile {
  readonly exact: readonly string[];
  readonly atLevels: readonly string[];
}

export interface LinkedRelease {
  /** The microdata release that publishes the column exactly. */
  readonly publisher: string;
  /** The release that protects it. */
  readonly protector: string;
  readonly column: string;
  /** The linking columns: the one published exactly, or those the file writes and the DP release reads (maybe none). */
  readonly columns: readonly string[];
  /** Set when one of the two accepts the link, with its reason. */
  readonly accepted?: { readonly by: string; readonly reason: string };
  /**
   * How the two are linked: the file publishes the column exactly and the other release protects it (`exact`), or the
   * file writes a column the DP release reads, or the DP release reads none, so the file answers it (`answers`).
   */
  readonly how: 'exact' | 'answers';
  /** What links the two, in words, naming both releases (engine/release/linked-pairs.ts joins a pair's findings). */
  readonly finding: string;
  /** For an `exact` link: why the file writes the column exactly, and how the other release protects it. */
  readonly why?: string;
  readonly protection?: string;
  /**
   * Whether the protector is a DP release: then a pin above level 0 does not clear the link (the file, generalized,
   * still answers it), while it does when the protector randomizes the column.
   */
  readonly protectorDp: boolean;
  /** Whether the publisher randomizes columns (PRAM): randomizing the linking columns there too clears the link. */
  readonly publisherRandomizes: boolean;
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
  const file = releaseKind(q.kind).microdataFile?.(q, layout);
  for (const c of file?.exact ?? [])
    if (releasable(roleOf(roles, c))) out.set(c, `${withArticle(roleOf(roles, c))} column, written as it is`);
  for (const c of file?.atLevels ?? []) {
    const why = releasable(roleOf(roles, c)) ? exactQuasi(c, layout) : undefined;
    if (why !== undefined) out.set(c, `a quasi-identifier ${why}`);
  }
  return out;
}

/** Every column a microdata release writes without randomizing it (exactly or generalized); empty for a DP release. */
export function writtenColumns(q: QueryDescription, layout: MicrodataLayout): Set<string> {
  const out = new Set(exactColumns(q, layout).keys());
  for (const c of releaseKind(q.kind).microdataFile?.(q, layout).atLevels ?? [])
    if (releasable(roleOf(layout.roles, c))) out.add(c);
  return out;
}

/** The columns a DP release reads (group keys, `where` columns, the summed column, a mode's or a grid's columns). */
function readColumns(q: QueryDescription): string[] {
  const cols = new Set(columnUses(q).map((u) => u.column));
  const summed = releaseKind(q.kind).summedColumn?.(q);
  if (summed !== undefined) cols.add(summed);
  return [...cols];
}

/** The columns a release protects, each with how. */
export function protectedColumns(q: QueryDescription): Map<string, string> {
  const out = new Map<string, string>();
  const kind = releaseKind(q.kind);
  if (!kind.dp) for (const c of kind.randomizedColumns?.(q) ?? []) out.set(c, 'by randomizing it');
  else {
    for (const u of columnUses(q)) out.set(u.column, `as the ${u.use} of a DP release`);
    const summed = kind.summedColumn?.(q);
    if (summed !== undefined) out.set(summed, `by a DP ${q.kind} of it`);
  }
  return out;
}

/** Whether a release randomizes columns of its file (PRAM), as its kind says. */
function randomizes(q: QueryDescription): boolean {
  const kind = releaseKind(q.kind);
  return !kind.dp && (kind.randomizedColumns?.(q).length ?? 0) > 0;
}

function acceptance(r: ReleaseDescription): { by: string; reason: string } | undefined {
  return r.accepts.includes('linked-releases')
    ? { by: r.name, reason: r.reasons?.['linked-releases'] ?? '' }
    : undefined;
}

/**
 * Every pair (microdata release, other release) and column where the first publishes exactly what the second protects.
 */
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
        const finding = `'${m.name}' publishes '${column}' exactly (${why}), and '${r.name}' protects it (${how})`;
        links.push({
          publisher: m.name,
          protector: r.name,
          column,
          columns: [column],
          how: 'exact',
          finding,
          why,
          protection: how,
          protectorDp: releaseKind(r.query.kind).dp,
          publisherRandomizes: randomizes(m.query),
          ...(accepted ? { accepted } : {}),
        });
      }
    }
  }
  // A DP release the file can answer by counting its rows: it reads nothing the file leaves out or randomizes.
  for (const m of releases) {
    if (releaseKind(m.query.kind).dp) continue;
    const written = writtenColumns(m.query, layout);
    for (const r of releases) {
      if (r === m || !releaseKind(r.query.kind).dp) continue;
      if (links.some((l) => l.publisher === m.name && l.protector === r.name)) continue;
      // Any one column the file writes is enough: a condition on a column it leaves out may select every row (a
      // padding `income in 0..100`), so "every column written" would be bypassed by adding one (review finding).
      const reads = readColumns(r.query);
      const shared = reads.filter((c) => written.has(c));
      if (reads.length > 0 && shared.length === 0) continue;
      const column = reads.length === 0 ? '(its rows)' : shared.join(', ');
      const what =
        reads.length === 0
          ? `its rows, which are the total '${r.name}' perturbs (less the suppressed rows)`
          : `${shared.map((c) => `'${c}'`).join(', ')} (exactly or generalized), which '${r.name}' reads`;
      const accepted = acceptance(m) ?? acceptance(r);
      const finding = `'${m.name}' publishes ${what}: counted from the file, it answers '${r.name}' without its noise wherever the query follows the file's levels`;
      links.push({
        publisher: m.name,
        protector: r.name,
        column,
        columns: shared,
        how: 'answers',
        finding,
        protectorDp: true,
        publisherRandomizes: randomizes(m.query),
        ...(accepted ? { accepted } : {}),
      });
    }
  }
  return links;
}
