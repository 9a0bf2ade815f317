// Generates the sample workspace in examples/: a synthetic clinic's visit records and the hierarchies that go with
// them.
//
//   npx tsx scripts/generate-examples.ts [--patients 10000] [--seed 20261122]
//
// The data is synthetic through and through (names from short lists, SSNs in the never-issued 9xx area), but shaped
// like the real thing so that privacy figures behave realistically: ages skew adult, occupations and diagnoses depend
// on age, incomes on occupation, zip codes cluster in regions that share prefixes (so masking digits merges
// neighbours), and each patient has one to six visits, which is what makes user-level DP (a privacy unit) matter.
// A seeded generator keeps the files reproducible; this is sample data, not noise, so it does not need a secure source.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const patients = flag('patients', 10000);
const seed = flag('seed', 20261122) >>> 0;

// sfc32-like small PRNG: reproducible across platforms and Node versions.
let a = 0x9e3779b9,
  b = 0x243f6a88,
  c = 0xb7e15162,
  d = seed;
function rand(): number {
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  const t = (a + b) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  d = (d + 1) | 0;
  const r = (t + d) | 0;
  c = (c + r) | 0;
  return (r >>> 0) / 4294967296;
}
for (let i = 0; i < 20; i++) rand();
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
function weighted<T>(pairs: readonly (readonly [T, number])[]): T {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  let x = rand() * total;
  for (const [v, w] of pairs) if ((x -= w) < 0) return v;
  return pairs[pairs.length - 1][0];
}
function normal(): number {
  const u = 1 - rand(),
    v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const firstNames = [
  'Aiko',
  'Ben',
  'Chiara',
  'Dmitri',
  'Emma',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kenji',
  'Lena',
  'Mateo',
  'Nadia',
  'Oliver',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tomoko',
  'Umar',
  'Vera',
  'Wei',
  'Yuki',
  'Zoe',
];
const lastNames = [
  'Abe',
  'Becker',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Mori',
  'Novak',
  'Okafor',
  'Petrov',
  'Rossi',
  'Sato',
  'Tanaka',
  'Ueda',
  'Varga',
  'Weber',
  'Yamada',
  'Zimmer',
];

/** Occupations grouped into sectors: the occupation hierarchy is occupation → sector → *. */
const sectors: Record<string, string[]> = {
  Health: ['Nurse', 'Physician', 'Pharmacist', 'Care-worker'],
  Education: ['Teacher', 'Lecturer', 'Student'],
  Office: ['Clerk', 'Accountant', 'Manager', 'Lawyer'],
  Technical: ['Engineer', 'Programmer', 'Technician'],
  Trades: ['Electrician', 'Carpenter', 'Driver', 'Farmer'],
  Service: ['Cook', 'Sales', 'Cleaner'],
  'Not-working': ['Retired', 'Unemployed', 'Child'],
};
const medianIncome: Record<string, number> = {
  Nurse: 52000,
  Physician: 140000,
  Pharmacist: 95000,
  'Care-worker': 34000,
  Teacher: 55000,
  Lecturer: 72000,
  Student: 9000,
  Clerk: 38000,
  Accountant: 68000,
  Manager: 98000,
  Lawyer: 120000,
  Engineer: 85000,
  Programmer: 90000,
  Technician: 50000,
  Electrician: 56000,
  Carpenter: 48000,
  Driver: 40000,
  Farmer: 36000,
  Cook: 31000,
  Sales: 42000,
  Cleaner: 27000,
  Retired: 30000,
  Unemployed: 12000,
  Child: 0,
};

/** Diagnoses grouped into ICD-10 chapters: the diagnosis hierarchy is diagnosis → chapter → *. */
const chapters: Record<string, [string, (age: number) => number][]> = {
  Infectious: [
    ['Influenza', () => 6],
    ['COVID-19', () => 4],
    ['Gastroenteritis', (x) => (x < 10 ? 8 : 3)],
  ],
  Respiratory: [
    ['Asthma', (x) => (x < 30 ? 6 : 3)],
    ['Bronchitis', () => 4],
    ['COPD', (x) => (x > 55 ? 6 : 0.2)],
  ],
  Circulatory: [
    ['Hypertension', (x) => (x > 45 ? 12 : 0.8)],
    ['Heart-failure', (x) => (x > 65 ? 5 : 0.1)],
    ['Stroke', (x) => (x > 60 ? 3 : 0.1)],
  ],
  Endocrine: [
    ['Diabetes-type-2', (x) => (x > 40 ? 8 : 0.5)],
    ['Hypothyroidism', () => 2],
  ],
  Musculoskeletal: [
    ['Back-pain', (x) => (x > 20 ? 8 : 1)],
    ['Arthritis', (x) => (x > 50 ? 6 : 0.3)],
    ['Fracture', () => 2],
  ],
  Mental: [
    ['Depression', (x) => (x > 14 ? 5 : 0.5)],
    ['Anxiety', (x) => (x > 12 ? 5 : 1)],
  ],
  Neoplasms: [
    ['Breast-cancer', (x) => (x > 40 ? 1.5 : 0.05)],
    ['Lung-cancer', (x) => (x > 50 ? 1 : 0.02)],
  ],
  Injury: [['Sprain', (x) => (x < 40 ? 5 : 2)]],
};
const diagnosisChapter = new Map<string, string>();
for (const [ch, ds] of Object.entries(chapters)) for (const [dx] of ds) diagnosisChapter.set(dx, ch);

/** Regions with a zip prefix and a centre on a 512×512 grid; zip codes within a region share their first two digits. */
const regions = Array.from({ length: 12 }, (_, i) => ({
  prefix: String(10 + i * 7),
  weight: 1 + ((i * 37) % 11),
  cx: 40 + ((i * 151) % 430),
  cy: 40 + ((i * 263) % 430),
}));
const zipsByRegion = regions.map((r) =>
  Array.from({ length: 25 }, (_, j) => `${r.prefix}${String(100 + j * 37).slice(0, 3)}`),
);

function occupationFor(age: number): string {
  if (age < 6) return 'Child';
  if (age < 19) return rand() < 0.9 ? 'Student' : 'Child';
  if (age >= 67) return rand() < 0.85 ? 'Retired' : pick(['Farmer', 'Lawyer', 'Physician', 'Sales']);
  if (age < 26 && rand() < 0.35) return 'Student';
  if (rand() < 0.06) return 'Unemployed';
  const working = Object.entries(sectors)
    .filter(([s]) => s !== 'Not-working')
    .flatMap(([, os]) => os.filter((o) => o !== 'Student'));
  return pick(working);
}
function diagnosisFor(age: number, sex: string): string {
  const options = Object.values(chapters)
    .flat()
    .filter(([dx]) => !(dx === 'Breast-cancer' && sex === 'M' && rand() < 0.99))
    .map(([dx, w]) => [dx, w(age)] as const);
  return weighted(options);
}

const header = [
  'patient_id',
  'name',
  'ssn',
  'age',
  'sex',
  'zip',
  'occupation',
  'diagnosis',
  'income',
  'visit_date',
  'x',
  'y',
];
const lines = [header.join(',')];
const start = Date.UTC(2024, 0, 1);
const days = 731;
for (let p = 0; p < patients; p++) {
  const id = `P${String(100000 + p)}`;
  const name = `${pick(firstNames)} ${pick(lastNames)}`;
  const ssn = `9${String(Math.floor(rand() * 100)).padStart(2, '0')}-${String(10 + Math.floor(rand() * 90))}-${String(1000 + Math.floor(rand() * 9000))}`;
  const age = Math.max(
    0,
    Math.min(
      99,
      Math.round(
        weighted([
          [8, 1],
          [30, 2.2],
          [48, 2.5],
          [68, 2],
          [84, 0.7],
        ] as const) +
          normal() * 9,
      ),
    ),
  );
  const sex = rand() < 0.51 ? 'F' : 'M';
  const region = weighted(regions.map((r, i) => [i, r.weight] as const));
  const zip = pick(zipsByRegion[region]);
  const occupation = occupationFor(age);
  const income =
    occupation === 'Child'
      ? 0
      : Math.max(0, Math.round((medianIncome[occupation] * Math.exp(normal() * 0.35)) / 100) * 100);
  const x = Math.min(511.99, Math.max(0, regions[region].cx + normal() * 18)).toFixed(2);
  const y = Math.min(511.99, Math.max(0, regions[region].cy + normal() * 18)).toFixed(2);
  // Older patients visit more often; every patient has at least one visit.
  const visits = 1 + Math.min(5, Math.floor(-Math.log(1 - rand()) * (0.8 + age / 60)));
  const chronic = diagnosisFor(age, sex);
  for (let v = 0; v < visits; v++) {
    const diagnosis = v > 0 && rand() < 0.6 ? chronic : diagnosisFor(age, sex);
    const date = new Date(start + Math.floor(rand() * days) * 86400000).toISOString().slice(0, 10);
    lines.push([id, name, ssn, age, sex, zip, occupation, diagnosis, income, date, x, y].join(','));
  }
}

const out = join(import.meta.dirname ?? '.', '..', 'examples');
mkdirSync(join(out, 'data'), { recursive: true });
mkdirSync(join(out, 'hierarchies'), { recursive: true });
writeFileSync(join(out, 'data', 'patients.csv'), lines.join('\n') + '\n');
// ARX format: `;`-separated, no header, column i = level i.
writeFileSync(
  join(out, 'hierarchies', 'occupation.csv'),
  Object.entries(sectors)
    .flatMap(([s, os]) => os.map((o) => `${o};${s};*`))
    .join('\n') + '\n',
);
writeFileSync(
  join(out, 'hierarchies', 'diagnosis.csv'),
  [...diagnosisChapter].map(([dx, ch]) => `${dx};${ch};*`).join('\n') + '\n',
);
// Age and zip in ARX format too, for the command line (`privspec anonymize --hierarchy age=…`); the spec uses builders
// instead.
const band = (x: number, w: number) => `${Math.floor(x / w) * w}-${Math.floor(x / w) * w + w - 1}`;
writeFileSync(
  join(out, 'hierarchies', 'age.csv'),
  Array.from({ length: 100 }, (_, x) => `${x};${band(x, 5)};${band(x, 10)};${band(x, 20)};*`).join('\n') + '\n',
);
writeFileSync(
  join(out, 'hierarchies', 'zip.csv'),
  zipsByRegion
    .flat()
    .map((z) => [1, 2, 3, 5].reduce((row, n) => `${row};${z.slice(0, 5 - n)}${'*'.repeat(n)}`, z))
    .join('\n') + '\n',
);
writeFileSync(join(out, 'hierarchies', 'sex.csv'), 'F;*\nM;*\n');
console.log(
  `wrote ${lines.length - 1} visits of ${patients} patients to examples/data/patients.csv, and 5 hierarchies`,
);
