// Generates the attack demo's data, reproducibly (seed 27, mulberry32 — a demo generator, not privacy noise):
//   original.csv   100 identified records: id, name, age, sex, zip (the data a team anonymizes)
//   candidate.csv  200 identified records, shuffled: the 100 originals and 100 decoys drawn from the same distribution
//                  (what the attacker holds, as in the exercise of record-linkage courses)
//   age.csv, sex.csv, zip.csv   ARX hierarchies for the releases (';'-separated, column i = level i)
// Run: node examples/attack-demo/generate.mjs (rewrites the files above in this folder).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
let state = 27;
/** mulberry32: a small, seedable generator so that the files are the same on every machine. */
function next() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(next() * xs.length)];
const FIRST = ['Aiko', 'Ben', 'Chen', 'Dana', 'Emil', 'Fatima', 'Goro', 'Hana', 'Ivan', 'Jun', 'Kim', 'Lea', 'Mei', 'Noah', 'Olga', 'Ravi', 'Sara', 'Taro', 'Uma', 'Yuki'];
const LAST = ['Abe', 'Berg', 'Cruz', 'Doi', 'Eto', 'Fox', 'Gray', 'Hara', 'Ito', 'Kato', 'Lund', 'Mori', 'Nagy', 'Ono', 'Park', 'Sato'];
const ZIPS = ['1130033', '1130034', '1130021', '1130022', '1500001', '1500002', '1500011', '1500012', '1600021', '1600022'];
// Ages skew young-to-middle, as in a customer file.
const age = () => String(20 + Math.floor(next() * next() * 60 + next() * 10));
const person = (id) => [id, `${pick(FIRST)} ${pick(LAST)}`, age(), next() < 0.5 ? 'F' : 'M', pick(ZIPS)];

const header = 'id,name,age,sex,zip';
const original = Array.from({ length: 100 }, (_, i) => person(`C${String(i + 1).padStart(3, '0')}`));
const decoys = Array.from({ length: 100 }, (_, i) => person(`C${String(i + 101).padStart(3, '0')}`));
const candidates = [...original, ...decoys];
for (let i = candidates.length - 1; i > 0; i--) {
  const j = Math.floor(next() * (i + 1));
  [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
}
const csv = (rows) => `${[header, ...rows.map((r) => r.join(','))].join('\n')}\n`;
writeFileSync(join(here, 'original.csv'), csv(original));
writeFileSync(join(here, 'candidate.csv'), csv(candidates));

const ages = Array.from({ length: 100 }, (_, i) => i);
const band = (a, w) => `${Math.floor(a / w) * w}-${Math.floor(a / w) * w + w - 1}`;
writeFileSync(join(here, 'age.csv'), `${ages.map((a) => [a, band(a, 5), band(a, 10), band(a, 20), '*'].join(';')).join('\n')}\n`);
writeFileSync(join(here, 'sex.csv'), 'F;*\nM;*\n');
writeFileSync(join(here, 'zip.csv'), `${ZIPS.map((z) => [z, `${z.slice(0, 6)}*`, `${z.slice(0, 5)}**`, `${z.slice(0, 3)}****`, '*'].join(';')).join('\n')}\n`);
console.log(`wrote original.csv (100), candidate.csv (200), age.csv, sex.csv, zip.csv to ${here}`);
