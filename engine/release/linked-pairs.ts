/**
 * Linked releases by pair. The rule of linked-releases.ts finds every (file, other release, column) that links two
 * releases; a spec with a DP count, a view, a generalize and a PRAM release on Adult gave one error per column, nine in
 * all (issue 37 item 5), though the author decides per pair: keep both releases and say why, or change one of them.
 * So the findings of one pair of releases, whichever publishes and whichever protects, make one diagnostic, placed on
 * the later of the two in the spec with the earlier one as its related place, and listing every linking column.
 */
import type { LinkedRelease } from './linked-releases.js';

export interface LinkedPair {
  /** The release declared first in the spec. */
  readonly earlier: string;
  /** The release declared later, where the pair's diagnostic goes. */
  readonly later: string;
  /** The pair's findings, in the rule's order. */
  readonly links: readonly LinkedRelease[];
  /** The linking columns, each once, in the findings' order (`(its rows)` for a DP release that reads none). */
  readonly columns: readonly string[];
  /** Set when one of the two accepts the link, with its reason. */
  readonly accepted?: { readonly by: string; readonly reason: string };
  /** The findings and the ways out, in one message. */
  readonly message: string;
}

const quoted = (cs: readonly string[]) => cs.map((c) => `'${c}'`).join(', ');

/** "a quasi-identifier not pinned, so the search may keep it at level 0" for several columns at once. */
function whyOfSeveral(why: string): string {
  const role = /^an? (.+?) column, written as it is$/.exec(why);
  if (role) return `${role[1]} columns, written as they are`;
  const quasi = /^a quasi-identifier (.+)$/.exec(why);
  if (quasi) return `quasi-identifiers ${quasi[1].replace(/\bit\b/g, 'them')}`;
  return why;
}

/**
 * What one file publishes exactly that one other release protects, in one sentence whatever the number of columns:
 * "'public' publishes exactly 'age', 'sex' (quasi-identifiers not pinned, so the search may keep them at level 0) and
 * 'salary-class' (an insensitive column, written as it is), which 'salary_view' protects (each as the view dimension
 * of a DP release)". Listing each column with its whole reason made a wall of ~900 characters on Adult.
 */
function exactSentence(links: readonly LinkedRelease[]): string {
  const byWhy = new Map<string, string[]>();
  for (const l of links) byWhy.set(l.why ?? '', [...(byWhy.get(l.why ?? '') ?? []), l.column]);
  const parts = [...byWhy].map(
    ([why, cs]) => `${quoted(cs)}${why ? ` (${cs.length === 1 ? why : whyOfSeveral(why)})` : ''}`,
  );
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const hows = [...new Set(links.map((l) => l.protection ?? ''))].filter((h) => h !== '');
  const each = links.length > 1 ? 'each ' : '';
  const it = links.length > 1 ? 'them' : 'it';
  return `'${links[0].publisher}' publishes exactly ${listed}, and '${links[0].protector}' protects ${it}${hows.length > 0 ? ` (${each}${hows.join('; ')})` : ''}`;
}

/** The pair's findings in one message: the exact ones grouped by direction, the others as they are. */
function findings(group: readonly LinkedRelease[]): string {
  const out: string[] = [];
  const directions = new Map<string, LinkedRelease[]>();
  for (const l of group) {
    if (l.how !== 'exact' || l.why === undefined) {
      out.push(l.finding);
      continue;
    }
    const key = JSON.stringify([l.publisher, l.protector]);
    if (!directions.has(key)) {
      directions.set(key, []);
      out.push(key);
    }
    directions.get(key)!.push(l);
  }
  return out.map((x) => (directions.has(x) ? exactSentence(directions.get(x)!) : x)).join('; ');
}

/**
 * The advice closing a pair's message: only the changes that clear this pair (the editor's quick fixes are the same
 * ones, each checked by the rule). A pin above level 0 clears a link to a release that randomizes the column, not one
 * to a DP release, which the generalized file still answers; randomizing the columns clears a PRAM file's link; a DP
 * release can be based on other columns; dropping either release always clears it.
 */
function advice(links: readonly LinkedRelease[]): string {
  const say = `or say why with 'accept linked-releases "reason"' on one of the two`;
  const drop = 'drop one of the two releases from this plan';
  const exact = links.filter((l) => l.how === 'exact');
  if (exact.length === 0)
    return `leave the release that protects it out of this plan (or base it on columns the file does not write), ${say}`;
  const ways: string[] = [];
  const pinnable = [
    ...new Set(exact.filter((l) => !l.protectorDp && l.why?.startsWith('a quasi-identifier')).map((l) => l.column)),
  ];
  if (pinnable.length > 0) ways.push(`pin ${quoted(pinnable)} above level 0 in the anonymity block`);
  for (const publisher of new Set(exact.filter((l) => l.publisherRandomizes).map((l) => l.publisher)))
    ways.push(
      `randomize ${quoted([...new Set(exact.filter((l) => l.publisher === publisher).map((l) => l.column))])} in '${publisher}' too`,
    );
  for (const protector of new Set(exact.filter((l) => l.protectorDp).map((l) => l.protector)))
    ways.push(`base '${protector}' on columns the file does not write`);
  return `the published file gives away what the other release protects; ${[...ways, drop].join(', or ')}, ${say}`;
}

/**
 * The links grouped by pair of releases, in the order of their later release in the spec (`order`: the release names
 * as declared), then of the earlier one.
 */
export function linkedPairs(links: readonly LinkedRelease[], order: readonly string[]): LinkedPair[] {
  const at = (name: string) => order.indexOf(name);
  const groups = new Map<string, LinkedRelease[]>();
  for (const l of links) {
    const [earlier, later] =
      at(l.publisher) <= at(l.protector) ? [l.publisher, l.protector] : [l.protector, l.publisher];
    const key = JSON.stringify([earlier, later]);
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const pairs = [...groups].map(([key, group]): LinkedPair => {
    const [earlier, later] = JSON.parse(key) as [string, string];
    const accepted = group.find((l) => l.accepted)?.accepted;
    return {
      earlier,
      later,
      links: group,
      columns: [...new Set(group.flatMap((l) => (l.columns.length > 0 ? l.columns : [l.column])))],
      ...(accepted ? { accepted } : {}),
      message: `${findings(group)}; ${advice(group)}`,
    };
  });
  return pairs.sort((a, b) => at(a.later) - at(b.later) || at(a.earlier) - at(b.earlier));
}
