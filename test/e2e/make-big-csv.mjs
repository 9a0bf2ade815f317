// Writes a CSV of N rows (default 100,000) with columns id,age,sex,zip,diagnosis for the timing step of the e2e test.
// Deterministic (a fixed linear congruential sequence), so every run checks the same data.
// Usage: node make-big-csv.mjs <out.csv> [rows]
import { writeFileSync } from 'node:fs';

const [out, rowsArg = '100000'] = process.argv.slice(2);
const rows = Number(rowsArg);
let state = 12345;
const next = (n) => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return (state >>> 8) % n;
};
const diagnoses = ['Influenza', 'Asthma', 'COPD', 'Anxiety', 'Migraine', 'Diabetes'];
const lines = ['id,age,sex,zip,diagnosis'];
for (let r = 0; r < rows; r++) {
  // Ages 18–90 and 200 zip codes make ~29,000 cells, so most classes are small and many rows break k=5.
  lines.push(`${r + 1},${18 + next(73)},${next(2) ? 'F' : 'M'},${80000 + next(200)},${diagnoses[next(6)]}`);
}
writeFileSync(out, lines.join('\n') + '\n');
