/**
 * Random tables and specs for the consistency test (issue 22): quasi-identifiers with interval hierarchies, a privacy
 * unit or none, pins, suppression limits, ℓ-diversity, contribution bounds, and one release of every kind.
 */
import fc from 'fast-check';

export interface GeneratedCase {
  readonly csv: string;
  readonly spec: string;
  readonly quasi: readonly string[];
  readonly unit: boolean;
  readonly dp: readonly string[];
}

const WIDTHS = [[2], [2, 4], [5], [3, 6]] as const;

const row = fc.record({
  pid: fc.integer({ min: 0, max: 7 }),
  q: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 }),
  s: fc.integer({ min: 0, max: 2 }),
  v: fc.integer({ min: -3, max: 25 }),
  x: fc.oneof(
    fc.constant(''),
    fc.double({ min: 0, max: 4.5, noNaN: true }).map((d) => String(Math.round(d * 10) / 10)),
  ),
  y: fc.integer({ min: 0, max: 3 }).map((n) => `${n}.5`),
});

export const generatedCase: fc.Arbitrary<GeneratedCase> = fc
  .record({
    rows: fc.array(row, { minLength: 4, maxLength: 40 }),
    nq: fc.integer({ min: 1, max: 3 }),
    widths: fc.array(fc.constantFrom(...WIDTHS), { minLength: 3, maxLength: 3 }),
    unit: fc.boolean(),
    k: fc.integer({ min: 2, max: 4 }),
    ldiv: fc.boolean(),
    suppression: fc.constantFrom(0, 10, 30, 60),
    pins: fc.array(fc.integer({ min: -2, max: 3 }), { minLength: 3, maxLength: 3 }),
    groups: fc.integer({ min: 1, max: 2 }),
    rowsPerUnit: fc.integer({ min: 1, max: 3 }),
    zcdp: fc.boolean(),
  })
  .map((c) => {
    const quasi = ['q0', 'q1', 'q2'].slice(0, c.nq);
    const csv =
      ['pid,q0,q1,q2,s,v,x,y', ...c.rows.map((r) => [`p${r.pid}`, ...r.q, `s${r.s}`, r.v, r.x, r.y].join(','))].join(
        '\n',
      ) + '\n';
    const hierarchies = quasi.map((q, i) => `hierarchy ${q}: intervals ${c.widths[i].join(', ')}`);
    // A negative pin leaves the quasi-identifier to the search; others are capped at the hierarchy's top (widths + *).
    const pins = quasi.flatMap((q, i) =>
      c.pins[i] < 0 ? [] : [`generalize ${q} ${Math.min(c.pins[i], c.widths[i].length + 1)}`],
    );
    const bound = (what: string) => (c.unit ? `  ${what}` : '');
    const mech = (kind: 'laplace' | 'exponential') =>
      c.zcdp && kind === 'laplace' ? 'gaussian rho 1000000' : `${kind} epsilon 1000`;
    const spec = [
      'dataset d from "data.csv" {',
      `  quasi ${quasi.join(', ')}`,
      '  sensitive s',
      `  insensitive v, x, y${quasi.length < 3 ? `, ${['q0', 'q1', 'q2'].slice(quasi.length).join(', ')}` : ''}`,
      c.unit ? '  unit pid' : '  identifying pid',
      '}',
      ...hierarchies,
      'hierarchy s { "s0", "s1", "s2" -> "*" }',
      `anonymity { k ${c.k}${c.ldiv ? '  l-diversity distinct 2 on s' : ''}  ${pins.join('  ')}  suppression ${c.suppression}% }`,
      c.zcdp ? 'budget { rho 10000000 accounting zcdp }' : 'budget { epsilon 10000 }',
      'release pub: generalize  accept linked-releases "generated: every kind on one table, compared figure by figure"',
      `release c: count by s${bound(`bound unit groups ${c.groups} rows ${c.rowsPerUnit}`)}  ${mech('laplace')}`,
      `release t: sum v clamp 0..20${bound(`bound unit rows ${c.rowsPerUnit}`)}  ${mech('laplace')}`,
      `release m: mean v clamp 0..20${bound(`bound unit rows ${c.rowsPerUnit}`)}  ${mech('laplace')}`,
      `release mo: mode s${bound(`bound unit rows ${c.rowsPerUnit}`)}  exponential epsilon 1000`,
      `release g: grid x, y size 4 within 0..4, 0..4${bound(`bound unit rows ${c.rowsPerUnit}`)}  ${c.zcdp ? 'gaussian rho 1000000' : 'laplace epsilon 1000'}`,
      '',
    ].join('\n');
    return { csv, spec, quasi, unit: c.unit, dp: ['c', 't', 'm', 'mo', 'g'] };
  });
