/**
 * Linked releases across specs. The rule of engine/release/linked-releases.ts judges the releases of one spec; the
 * same data may be released from several specs, each correct on its own. So every ledger entry records what its
 * release published (a microdata file's columns and levels, its PRAM'd columns) or read (a DP release's columns), and a
 * new release is checked, under the ledger's lock before anything is spent or computed, against every earlier release
 * of the same data (one ledger), whatever spec ran it:
 * - a microdata file that publishes exactly a column the other release protects (a DP release's input, a PRAM'd
 *   column), in either order (the in-spec rule's first case);
 * - a microdata file that writes, exactly or generalized, a column a DP release reads, or any file beside a DP release
 *   that reads no column (the in-spec rule's second case: the file answers it without its noise);
 * - two microdata files that publish a common column beside different equivalence classes (other quasi-identifiers or
 *   other levels): a person's two classes, intersected, narrow down the values both files show for them — the
 *   intersection attack of Ganta, Kasiviswanathan and Smith, "Composition attacks and auxiliary information in data
 *   privacy", KDD 2008. Within one spec the anonymity block gives every file the same classes, so it has no in-spec
 *   counterpart.
 *
 * A link is refused unless the new release says why (`accept linked-releases "reason"`, the reason in words); an
 * earlier release of the same spec file that accepted counts too, as either release of a pair does inside one spec.
 * Seeded runs are not private and neither link nor are linked, as for the PRAM re-run rule (release-spend.ts).
 */
import { protectedColumns, writtenColumns, type MicrodataLayout } from './linked-releases.js';
import { roleOf } from './column-roles.js';
import type { LedgerEntry, PublishedRecord } from './ledger-entry.js';
import type { ReleaseDescription } from './release-description.js';

type Level = number | 'search' | 'pram';

/** Whether an acceptance's reason says something: at least one letter or digit (not blank, not invisible). */
export function reasonInWords(reason: string | undefined): boolean {
  return reason !== undefined && /[\p{L}\p{N}]/u.test(reason);
}

/**
 * What a release publishes, for its ledger entry: a microdata release's columns with their levels (a quasi-identifier
 * at its pinned level, or `'search'`; any other column as it is; a PRAM'd column `'pram'`), or a DP release's columns
 * read. `decidedBy` is the search's fingerprint (decision-fingerprint.ts), kept where a level is `'search'`.
 */
export function publishedRecord(
  release: ReleaseDescription,
  layout: MicrodataLayout & { readonly suppression?: number },
  microdata: boolean,
  decidedBy: () => string,
): PublishedRecord {
  const protectedBy = protectedColumns(release.query);
  if (!microdata) return { reads: [...protectedBy.keys()] };
  const columns: Record<string, Level> = {};
  const quasi: string[] = [];
  for (const c of writtenColumns(release.query, layout)) {
    if (roleOf(layout.roles, c) === 'quasi') {
      quasi.push(c);
      columns[c] = layout.pins.get(c) ?? 'search';
    } else columns[c] = 0;
  }
  // In the dataset's order, so that messages read the same whichever columns are exact.
  quasi.sort((a, b) => layout.roles.quasi.indexOf(a) - layout.roles.quasi.indexOf(b));
  // A microdata release protects exactly the columns it randomizes.
  for (const c of protectedBy.keys()) columns[c] = 'pram';
  const searched = Object.values(columns).includes('search');
  return {
    columns,
    quasi,
    ...(layout.suppression !== undefined ? { suppression: layout.suppression } : {}),
    ...(searched ? { decidedBy: decidedBy() } : {}),
  };
}

/** The release about to be recorded, as the check sees it. */
export interface NewRelease {
  readonly name: string;
  readonly spec: string;
  readonly published: PublishedRecord;
  /** Set when the release says `accept linked-releases`, with its reason (maybe blank). */
  readonly accepts?: { readonly reason: string };
  /** How the user accepts a link, when not by the spec's clause (`privspec anonymize --accept-linked-releases`). */
  readonly howToAccept?: string;
}

/**
 * An earlier release as the check reads it: a ledger entry, or a group of entries that published alike (their first,
 * with their count; engine/release/ledger-summary.ts), so that the check reads the distinct published records only.
 */
export type EarlierRelease = Pick<LedgerEntry, 'id' | 'release' | 'spec' | 'at' | 'published' | 'acceptedLinks'> & {
  readonly notPrivate?: true;
  readonly count?: number;
};

export interface CrossSpecLink {
  readonly earlier: EarlierRelease;
  /** What links the two, in words, naming both releases. */
  readonly what: string;
  /** The reason that accepts it, when one does. */
  readonly acceptedBecause?: string;
}

const isMicrodata = (p: PublishedRecord) => p.columns !== undefined;
const entries = (p: PublishedRecord) => Object.entries(p.columns ?? {});
const quoted = (cs: readonly string[]) => cs.map((c) => `'${c}'`).join(', ');

/** The columns a microdata file may write exactly, each with why. */
function exactIn(p: PublishedRecord): Map<string, string> {
  const quasi = new Set(p.quasi ?? []);
  const out = new Map<string, string>();
  for (const [c, level] of entries(p)) {
    if (level === 0) out.set(c, quasi.has(c) ? 'a quasi-identifier at level 0' : 'written as it is');
    else if (level === 'search') out.set(c, 'a quasi-identifier whose level the search chooses, maybe 0');
  }
  return out;
}

/** The columns a microdata file writes without randomizing them, exactly or generalized. */
function writtenIn(p: PublishedRecord): Set<string> {
  return new Set(entries(p).flatMap(([c, level]) => (level === 'pram' ? [] : [c])));
}

/** The columns a release protects, each with how: a DP release's reads, a PRAM's randomized columns. */
function protectedIn(p: PublishedRecord): Map<string, string> {
  if (!isMicrodata(p)) return new Map((p.reads ?? []).map((c) => [c, 'a DP release reads it']));
  return new Map(entries(p).flatMap(([c, level]) => (level === 'pram' ? [[c, 'it randomizes it'] as const] : [])));
}

/** The file's equivalence classes: its quasi-identifiers with their levels, and the search's fingerprint if any. */
function classesOf(p: PublishedRecord): string {
  const levels = (p.quasi ?? []).map((q) => `${q}:${String(p.columns?.[q])}`).sort();
  return JSON.stringify([levels, levels.some((l) => l.endsWith(':search')) ? (p.decidedBy ?? '?') : '']);
}

function levelsText(p: PublishedRecord): string {
  const qs = p.quasi ?? [];
  if (qs.length === 0) return 'no quasi-identifier';
  return qs
    .map((q) => {
      const level = p.columns?.[q];
      return `${q} ${level === 'search' ? "at the search's level" : `at level ${String(level)}`}`;
    })
    .join(', ');
}

/** The one link between an earlier published record and the new one, in words, or undefined. */
function linkBetween(e: { name: string; p: PublishedRecord }, n: { name: string; p: PublishedRecord }) {
  // A microdata file publishing exactly what the other protects, in either order.
  for (const [m, r, tense] of [
    [e, n, 'published'],
    [n, e, 'would publish'],
  ] as const) {
    if (!isMicrodata(m.p)) continue;
    const exact = exactIn(m.p);
    for (const [column, how] of protectedIn(r.p)) {
      const why = exact.get(column);
      if (why !== undefined)
        return `'${m.name}' ${tense} '${column}' exactly (${why}), and '${r.name}' protects it (${how}): the file gives away what '${r.name}' protects`;
      // A randomized column beside a file that shows it generalized: another spec's hierarchy may keep the values apart
      // at that level (masking one character of a code), which gives the randomized values back.
      const level = m.p.columns?.[column];
      if (isMicrodata(r.p) && typeof level === 'number')
        return `'${m.name}' ${tense} '${column}' generalized (at level ${level}), and '${r.name}' randomizes it: where the level keeps values apart, the file gives back what '${r.name}' randomized`;
    }
  }
  // A file that answers a DP release by counting its rows.
  for (const [m, r, tense] of [
    [e, n, 'published'],
    [n, e, 'would publish'],
  ] as const) {
    if (!isMicrodata(m.p) || isMicrodata(r.p)) continue;
    const reads = r.p.reads ?? [];
    const written = writtenIn(m.p);
    const shared = reads.filter((c) => written.has(c));
    if (reads.length > 0 && shared.length === 0) continue;
    const what =
      reads.length === 0
        ? `its rows, the total '${r.name}' perturbs (less the suppressed rows)`
        : `${quoted(shared)} (exactly or generalized), which '${r.name}' reads`;
    return `'${m.name}' ${tense} ${what}: counted from the file, it answers '${r.name}' without its noise wherever the query follows the file's levels`;
  }
  // Two files of the same records with different classes and a common column beyond the quasi-identifiers.
  if (isMicrodata(e.p) && isMicrodata(n.p) && classesOf(e.p) !== classesOf(n.p)) {
    const eq = new Set(e.p.quasi ?? []);
    const nq = new Set(n.p.quasi ?? []);
    const other = writtenIn(n.p);
    const shared = [...writtenIn(e.p)].filter((c) => other.has(c) && !(eq.has(c) && nq.has(c)));
    if (shared.length > 0)
      return `'${e.name}' published ${quoted(shared)} beside ${levelsText(e.p)}, and '${n.name}' would publish ${shared.length === 1 ? 'it' : 'them'} beside ${levelsText(n.p)}: a person's two equivalence classes, intersected, narrow down what both files show of them (an intersection attack: Ganta, Kasiviswanathan and Smith, KDD 2008)`;
  }
  return undefined;
}

/**
 * Every earlier release of the same data (its ledger's entries) the new release would link with, each with the reason
 * that accepts it, if any. Entries without a published record (written before it was kept) and seeded runs are left
 * out.
 */
export function crossSpecLinks(earlier: readonly EarlierRelease[], release: NewRelease): CrossSpecLink[] {
  const links: CrossSpecLink[] = [];
  const own = release.accepts && reasonInWords(release.accepts.reason) ? release.accepts.reason : undefined;
  for (const e of earlier) {
    if (e.notPrivate || !e.published) continue;
    const what = linkBetween({ name: e.release, p: e.published }, { name: release.name, p: release.published });
    if (what === undefined) continue;
    const theirs = e.spec === release.spec && reasonInWords(e.acceptedLinks) ? e.acceptedLinks : undefined;
    const acceptedBecause = own ?? theirs;
    links.push({ earlier: e, what, ...(acceptedBecause !== undefined ? { acceptedBecause } : {}) });
  }
  return links;
}

/**
 * The check at the spend: why the new release may not be recorded — an acceptance without a reason in words, or a link
 * no reason accepts (the message names the earlier release, its spec, its time and the clause that would accept it) —
 * or the links it accepted, for the data owner's terminal.
 */
export function crossSpecCheck(
  earlier: readonly EarlierRelease[],
  release: NewRelease,
): { refusal?: string; accepted: CrossSpecLink[] } {
  if (release.accepts && !reasonInWords(release.accepts.reason))
    return {
      refusal: `not run: '${release.name}' says 'accept linked-releases' without a reason in words; write why, as in ${release.howToAccept ?? 'accept linked-releases'} "why both files are published"`,
      accepted: [],
    };
  const links = crossSpecLinks(earlier, release);
  const open = links.filter((l) => l.acceptedBecause === undefined);
  if (open.length === 0) return { accepted: links };
  const e = open[0].earlier;
  // A group stands for its count of entries: the message counts entries, as it did when it read every one.
  const others = open.reduce((n, l) => n + (l.earlier.count ?? 1), 0) - 1;
  const more = others > 0 ? ` (and ${others} more earlier ${others === 1 ? 'release' : 'releases'})` : '';
  return {
    refusal: `not run: '${release.name}' links with an earlier release of the same data${more}: release '${e.release}' ${e.spec ? `of spec ${e.spec}` : '(no spec)'}, run ${e.at} (ledger entry ${e.id}). ${open[0].what}. Leave the linking columns out of one of the two, or say why with ${release.howToAccept ? `${release.howToAccept} "reason"` : `'accept linked-releases "reason"' on '${release.name}'`}`,
    accepted: [],
  };
}
