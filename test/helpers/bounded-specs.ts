/**
 * The inputs of the bounded-work tests of `privspec check` (test/cli/bounded-check.test.ts), shared with
 * `npm run bench -- bounded`, which times the same specs.
 */
const head = 'dataset d from "d.csv" { insensitive age, c }\nbudget { epsilon 100000 }\n';

/** The data file the specs name: one row, so that all the work is in the releases. */
export const BOUNDED_DATA = 'age,c\n30,x\n';

/** A spec that loads the check's code once, so that a measurement after it counts work, not module loading. */
export const WARM_UP_SPEC = `${head}release w: count where age in 0..1  laplace epsilon 1\n`;

/**
 * `n` releases over value sets in a Moon–Moser pattern: groups of three whose sets are pairwise disjoint within a
 * group and share one value with every set of another group, so the overlap graph of 53 has 3^17·9 maximal cliques.
 */
export function moonMoserSpec(n: number): string {
  const group = (i: number) => Math.floor(i / 3);
  let spec = head;
  for (let i = 0; i < n; i++) {
    const values: string[] = [];
    for (let j = 0; j < n; j++) {
      if (group(j) === group(i)) continue;
      const [a, b] = i < j ? [i, j] : [j, i];
      values.push(`"${a}.${b}"`);
    }
    spec += `release m${i}: count where c in {${values.join(', ')}}  laplace epsilon 1\n`;
  }
  return spec;
}

/** `n` range releases of width 10 sliding by one: every point lies in at most 11 of them. */
export function overlappingRangesSpec(n: number): string {
  let spec = head;
  for (let i = 0; i < n; i++) spec += `release r${i}: count where age in ${i}..${i + 10}  laplace epsilon 0.01\n`;
  return spec;
}

/** `n` nested range releases 0..i: all of them overlap at 0. */
export function nestedRangesSpec(n: number): string {
  let spec = head;
  for (let i = 0; i < n; i++) spec += `release r${i}: count where age in 0..${i}  laplace epsilon 0.01\n`;
  return spec;
}
