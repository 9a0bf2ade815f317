/**
 * A deterministic CSV of `rows` rows (id, age, sex, zip, diagnosis) for benchmarks and tests of the CSV checks:
 * ages 18–90, two sexes and 200 zip codes give ~29,000 cells, so at 100,000 rows most classes are small.
 * The same generator as test/e2e/make-big-csv.mjs, so that the benchmark and the e2e run check the same data.
 */
export function bigCsv(rows: number): string {
  let state = 12345;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const diagnoses = ['Influenza', 'Asthma', 'COPD', 'Anxiety', 'Migraine', 'Diabetes'];
  const lines = ['id,age,sex,zip,diagnosis'];
  for (let r = 0; r < rows; r++) {
    lines.push(`${r + 1},${18 + next(73)},${next(2) ? 'F' : 'M'},${80000 + next(200)},${diagnoses[next(6)]}`);
  }
  return lines.join('\n') + '\n';
}
