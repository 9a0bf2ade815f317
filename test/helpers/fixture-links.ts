/**
 * What a test passes to `privspec anonymize --out` when it writes several files of the same data on purpose (to
 * compare them, or to attack each): the cross-spec check (engine/release/cross-spec-links.ts) refuses a file that
 * links with an earlier one unless the user gives a reason.
 */
export const FIXTURE_LINKS = [
  '--accept-linked-releases',
  'test fixture: several files of one dataset, compared or attacked',
] as const;
