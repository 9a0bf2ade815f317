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

/** The advice closing a pair's message: what to change, by what linked the two. */
function advice(links: readonly LinkedRelease[]): string {
  const say = `or say why with 'accept linked-releases "reason"' on one of the two`;
  const exact = links.filter((l) => l.how === 'exact');
  if (exact.length === 0)
    return `leave the release that protects it out of this plan (or base it on columns the file does not write), ${say}`;
  const columns = [...new Set(exact.map((l) => l.column))];
  const files = [...new Set(exact.map((l) => l.publisher))];
  const them = columns.length === 1 ? 'the column' : `the columns ${quoted(columns)}`;
  return `the published file gives away what the other release protects; leave ${them} out of ${quoted(files)} (pin a quasi-identifier's level above 0, randomize it in the PRAM release, or drop the release that protects it), ${say}`;
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
      message: `${group.map((l) => l.finding).join('; ')}; ${advice(group)}`,
    };
  });
  return pairs.sort((a, b) => at(a.later) - at(b.later) || at(a.earlier) - at(b.earlier));
}
