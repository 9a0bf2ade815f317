import { strict as assert } from 'node:assert';
// The rule asks each release's kind what it publishes: every kind is loaded, as in the language server.
import '../../engine/release/kinds/all-release-kinds.js';
import { crossSpecCheck, crossSpecLinks, publishedRecord } from '../../engine/release/cross-spec-links.js';
import { decisionFingerprint } from '../../engine/release/decision-fingerprint.js';
import { intervalHierarchy } from '../../engine/hierarchy/interval-hierarchy.js';
import type { LedgerEntry, PublishedRecord } from '../../engine/release/ledger-entry.js';
import type { ReleaseDescription } from '../../engine/release/release-description.js';

// Issue 36 item 3: the pure rule behind the refusal (engine/release/cross-spec-links.ts), on ledger entries built by
// hand. Each case names the link it stands for.

const ROLES = {
  identifying: ['name'],
  quasi: ['age', 'zip'],
  sensitive: ['diag'],
  insensitive: ['sex'],
  unit: 'id',
};
const layout = (pins: Record<string, number>) => ({
  roles: ROLES,
  anonymity: true,
  pins: new Map(Object.entries(pins)),
  suppression: 0.02,
});
const rel = (name: string, query: ReleaseDescription['query']): ReleaseDescription => ({
  name,
  query,
  accepts: [],
});
const generalize = rel('g', { kind: 'generalize' });
const pram = rel('p', {
  kind: 'pram',
  columns: ['diag'],
  retain: 0.5,
  invariant: false,
});
const countBy = (by: string[]) => rel('c', { kind: 'count', by } as unknown as ReleaseDescription['query']);

let n = 0;
const entry = (release: string, published: PublishedRecord, more: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: `e${++n}`,
  release,
  at: '2026-11-28T10:00:00.000Z',
  costs: {},
  userLevel: false,
  spec: '/data/a.privspec',
  published,
  ...more,
});
const fresh = (name: string, published: PublishedRecord, accepts?: string) => ({
  name,
  spec: '/data/b.privspec',
  published,
  ...(accepts !== undefined ? { accepts: { reason: accepts } } : {}),
});

describe('issue 36 item 3 — the cross-spec link rule', () => {
  it('records what a file publishes: quasi-identifiers at their pins or the search, other declared columns as they are, PRAM columns randomized', () => {
    assert.deepEqual(
      publishedRecord(generalize, layout({ zip: 2 }), true, () => 'fp'),
      {
        columns: { age: 'search', zip: 2, diag: 0, sex: 0 },
        quasi: ['age', 'zip'],
        suppression: 0.02,
        decidedBy: 'fp',
      },
    );
    // PRAM writes the quasi-identifiers at the block's levels and the randomized column, nothing else.
    assert.deepEqual(
      publishedRecord(pram, layout({ age: 1, zip: 2 }), true, () => 'unused'),
      {
        columns: { age: 1, zip: 2, diag: 'pram' },
        quasi: ['age', 'zip'],
        suppression: 0.02,
      },
    );
    assert.deepEqual(
      publishedRecord(countBy(['sex']), layout({}), false, () => 'unused'),
      { reads: ['sex'] },
    );
    assert.deepEqual(
      publishedRecord(countBy([]), layout({}), false, () => 'unused'),
      { reads: [] },
    );
  });

  const A = publishedRecord(generalize, layout({ age: 0, zip: 3 }), true, () => '');
  const B = publishedRecord(generalize, layout({ age: 2, zip: 0 }), true, () => '');

  it('two files with different classes and a common sensitive column link (the intersection attack); equal classes do not', () => {
    const links = crossSpecLinks([entry('ga', A)], fresh('gb', B));
    assert.equal(links.length, 1);
    assert.match(links[0].what, /'ga' published 'diag', 'sex' beside age at level 0, zip at level 3/);
    assert.deepEqual(crossSpecLinks([entry('ga', A)], fresh('ga2', A)), []);
  });

  it('levels the search chooses: equal fingerprints are the same classes, different ones (or one pinned) may not be', () => {
    const s1 = publishedRecord(generalize, layout({}), true, () => 'one');
    const s2 = publishedRecord(generalize, layout({}), true, () => 'two');
    assert.deepEqual(crossSpecLinks([entry('s', s1)], fresh('s', s1)), []);
    assert.equal(crossSpecLinks([entry('s', s1)], fresh('s', s2)).length, 1);
    assert.equal(crossSpecLinks([entry('s', s1)], fresh('a', A)).length, 1);
  });

  it('a file and a DP release, in either order: an exact column it reads, a generalized one, or its rows', () => {
    const byDiag = publishedRecord(countBy(['diag']), layout({}), false, () => '');
    const byZip = publishedRecord(countBy(['zip']), layout({}), false, () => '');
    const total = publishedRecord(countBy([]), layout({}), false, () => '');
    assert.match(crossSpecLinks([entry('ga', A)], fresh('c', byDiag))[0].what, /'ga' published 'diag' exactly/);
    assert.match(crossSpecLinks([entry('c', byDiag)], fresh('gb', B))[0].what, /'gb' would publish 'diag' exactly/);
    // zip at level 3 is not exact, but the file counts the rows of every zip group its level follows.
    assert.match(
      crossSpecLinks([entry('ga', A)], fresh('c', byZip))[0].what,
      /'ga' published 'zip' \(exactly or generalized\)/,
    );
    assert.match(crossSpecLinks([entry('ga', A)], fresh('c', total))[0].what, /'ga' published its rows/);
    // Two DP releases are the budget's business, not a link.
    assert.deepEqual(crossSpecLinks([entry('c', byDiag)], fresh('t', total)), []);
  });

  it('a PRAM of a column another file publishes exactly links; a PRAM file beside a generalization of other columns does not', () => {
    const P = publishedRecord(pram, layout({ age: 0, zip: 3 }), true, () => '');
    assert.match(
      crossSpecLinks([entry('ga', A)], fresh('p', P))[0].what,
      /'diag' exactly .* 'p' protects it \(it randomizes it\)/,
    );
    const noDiag = publishedRecord(
      generalize,
      { ...layout({ age: 0, zip: 3 }), roles: { ...ROLES, sensitive: [], insensitive: [] } },
      true,
      () => '',
    );
    assert.deepEqual(crossSpecLinks([entry('g', noDiag)], fresh('p', P)), []);
  });

  it("a PRAM of a column another spec publishes generalized links, in either order (the review of issue 36: a one-character mask of diag gave the PRAM'd values back)", () => {
    const P = publishedRecord(pram, layout({ age: 0, zip: 3 }), true, () => '');
    // Spec B declares diag a quasi-identifier, pinned at level 1 of a masking hierarchy.
    const masked: PublishedRecord = { columns: { age: 2, zip: 1, diag: 1, sex: 0 }, quasi: ['age', 'zip', 'diag'] };
    const later = crossSpecLinks([entry('p', P)], fresh('gb', masked));
    assert.equal(later.length, 1);
    assert.match(later[0].what, /'gb' would publish 'diag' generalized \(at level 1\), and 'p' randomizes it/);
    const earlier = crossSpecLinks([entry('gb', masked)], fresh('p', P));
    assert.match(earlier[0].what, /'gb' published 'diag' generalized \(at level 1\), and 'p' randomizes it/);
  });

  it('acceptance: the new release with a reason in words; an earlier release of the same spec file; never a blank reason', () => {
    const earlier = [entry('ga', A)];
    assert.match(
      crossSpecCheck(earlier, fresh('gb', B)).refusal!,
      /^not run: 'gb' links with an earlier release of the same data: release 'ga' of spec \/data\/a\.privspec, run 2026-11-28T10:00:00\.000Z \(ledger entry e\d+\)\./,
    );
    assert.equal(crossSpecCheck(earlier, fresh('gb', B, 'shared under contract')).refusal, undefined);
    assert.deepEqual(
      crossSpecLinks(earlier, fresh('gb', B, 'shared under contract'))[0].acceptedBecause,
      'shared under contract',
    );
    for (const blank of ['', ' ', '\t\n', '\u200b', '\u00a0'])
      assert.match(
        crossSpecCheck([], fresh('gb', B, blank)).refusal!,
        /without a reason in words/,
        JSON.stringify(blank),
      );
    // The earlier release accepted, in the same spec file: either of the pair may say why, as inside one spec.
    const sameSpec = [entry('ga', A, { spec: '/data/b.privspec', acceptedLinks: 'both stay internal' })];
    assert.equal(crossSpecCheck(sameSpec, fresh('gb', B)).refusal, undefined);
    // In another spec file its acceptance covers nothing: that spec did not know of this one.
    const otherSpec = [entry('ga', A, { acceptedLinks: 'both stay internal' })];
    assert.ok(crossSpecCheck(otherSpec, fresh('gb', B)).refusal);
  });

  it('entries without a published record (older ledgers) and seeded runs link with nothing', () => {
    const old = entry('ga', A);
    delete old.published;
    assert.deepEqual(crossSpecLinks([old, entry('gs', A, { notPrivate: true })], fresh('gb', B)), []);
  });

  it('the decision fingerprint changes with the hierarchy (an interval origin not in its source text), the block and the pins', () => {
    const block = { criteria: [], suppression: 0.02, metric: 'loss', pins: new Map<string, number>() };
    const h = (origin: number) => new Map([['age', intervalHierarchy([10, 20], { origin })]]);
    const base = decisionFingerprint(['age'], block, h(0));
    assert.equal(decisionFingerprint(['age'], block, h(0)), base);
    assert.notEqual(decisionFingerprint(['age'], block, h(5)), base);
    assert.notEqual(decisionFingerprint(['age'], { ...block, suppression: 0.05 }, h(0)), base);
    assert.notEqual(decisionFingerprint(['age'], { ...block, pins: new Map([['age', 1]]) }, h(0)), base);
  });
});
