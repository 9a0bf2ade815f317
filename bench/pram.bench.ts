// `npm run bench -- pram`: (1) exact identification risk η for N = 20 records (the DP over record types, all of η in
// one pass); (2) PRAM of 3 attributes on 1,000,000 rows against the time to read the same CSV (generated in a temp
// dir); (3) the generalization × PRAM search by Bayesian optimization against exhaustive enumeration, on Adult and on
// examples/data/patients.csv: evaluations and relative error of the loss found (seeds 1–5, as the paper averaged 5
// runs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cryptoRandom, seededRandom } from '../engine/core/random.js';
import { parseArxHierarchy } from '../engine/hierarchy/arx-hierarchy.js';
import { readCsvFile } from '../engine/host/sources/csv/read-csv-file.js';
import { applyPram } from '../engine/pram/apply-pram.js';
import { retentionMatrix } from '../engine/pram/retention-matrix.js';
import {
  searchGeneralizationPram,
  type GeneralizationPramTarget,
} from '../engine/pram/search/generalization-pram-search.js';
import { identificationRisk } from '../engine/risk/identification-risk.js';
import type { Table } from '../engine/table/table.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { adultDir, adultHierarchy, loadAdult } from '../test/helpers/adult.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (x: number) => `${x.toFixed(0)} ms`;

function etaN20(): void {
  const rng = seededRandom('bench-eta');
  const domain = ['a', 'b', 'c', 'd'];
  const pick = () => domain[rng.nextUint32() % 4];
  const original = Array.from({ length: 20 }, () => [pick(), pick(), pick()]);
  const released = original.map((r) => r.map((v) => (rng.nextUint32() % 10 < 7 ? v : pick())));
  const matrices = [0, 1, 2].map(() => retentionMatrix(domain, 0.6));
  const times: number[] = [];
  let maxRisk = 0;
  for (let run = 0; run < 4; run++) {
    const start = performance.now();
    const r = identificationRisk(original, released, matrices);
    if (run > 0) times.push(performance.now() - start);
    maxRisk = r.maxRisk;
  }
  console.log(
    `exact η, N = 20 (3 attributes, 4 values, retention 0.6): ${ms(median(times))} (median of 3 warm runs; target ≤ 1000 ms); highest η ${maxRisk.toFixed(4)}`,
  );
}

async function pramMillion(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-pram-bench-'));
  try {
    const path = join(dir, 'rows.csv');
    const rng = seededRandom('bench-csv');
    const sexes = ['F', 'M'];
    const parts: string[] = ['id,sex,age,region\n'];
    for (let r = 0; r < 1_000_000; r++)
      parts.push(`${r},${sexes[rng.nextUint32() & 1]},${18 + (rng.nextUint32() % 80)},R${rng.nextUint32() % 50}\n`);
    writeFileSync(path, parts.join(''));
    const reads: number[] = [];
    const prams: number[] = [];
    for (let run = 0; run < 4; run++) {
      let start = performance.now();
      const table = await readCsvFile(path, { columns: ['sex', 'age', 'region'] });
      const read = performance.now() - start;
      start = performance.now();
      const matrices = table.columns.map((c) => retentionMatrix([...c.dictionary], 0.7));
      applyPram(table.columns, matrices, cryptoRandom());
      const pram = performance.now() - start;
      if (run > 0) {
        reads.push(read);
        prams.push(pram);
      }
    }
    const read = median(reads);
    const pram = median(prams);
    console.log(
      `PRAM of 3 attributes on 1,000,000 rows (cryptoRandom): ${ms(pram)}; reading the CSV (3 of 4 columns): ${ms(read)}`,
    );
    console.log(
      `  PRAM / read = ${(pram / read).toFixed(2)}×; (read + PRAM) / read = ${((read + pram) / read).toFixed(2)}× (target ≤ 1.5×)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function searchCase(
  label: string,
  table: Table,
  qi: string[],
  hierarchies: Hierarchy[],
  targets: GeneralizationPramTarget[],
): void {
  for (const target of targets) {
    let start = performance.now();
    const ex = searchGeneralizationPram(table, { qi, hierarchies, target, optimizer: 'exhaustive' });
    const exhaustiveMs = performance.now() - start;
    const errors: number[] = [];
    let evaluations = 0;
    start = performance.now();
    for (let seed = 1; seed <= 5; seed++) {
      const r = searchGeneralizationPram(table, { qi, hierarchies, target, rng: seededRandom(seed) });
      evaluations = r.evaluations;
      errors.push(ex.best && r.best ? (r.best.loss - ex.best.loss) / ex.best.loss : NaN);
    }
    const boMs = (performance.now() - start) / 5;
    const mean = errors.reduce((s, e) => s + e, 0) / errors.length;
    const hits = errors.filter((e) => e === 0).length;
    console.log(
      `${label} ${JSON.stringify(target)}: ${ex.candidates} feasible of ${ex.points} points; optimum L1 ${ex.best?.loss.toFixed(1)} at ${JSON.stringify(ex.best?.transformation)}` +
        ` PRAM ${JSON.stringify(Object.keys(ex.best?.pram ?? {}))}\n  BO ${evaluations} evaluations: relative error mean ${(100 * mean).toFixed(2)}% (runs ${errors.map((e) => `${(100 * e).toFixed(1)}%`).join(' ')}; optimum found ${hits}/5)` +
        `; ${ms(boMs)} per BO run vs ${ms(exhaustiveMs)} exhaustive`,
    );
  }
}

export default async function () {
  etaN20();
  await pramMillion();
  const targets: GeneralizationPramTarget[] = [
    { k: 5, suppression: 0.02 },
    { epsilon: 2 },
    { k: 5, epsilon: 2, suppression: 0.02 },
  ];
  const dir = adultDir();
  if (dir) {
    const qi = ['age', 'education', 'marital-status', 'sex'];
    searchCase(
      'Adult (age, education, marital-status, sex)',
      loadAdult(dir),
      qi,
      qi.map((q) => adultHierarchy(q, dir)),
      targets,
    );
  } else
    console.log(
      'search on Adult skipped: Adult data not found (set PRIVSPEC_ADULT_DIR or put it at ../shared/data/adult)',
    );
  const patients = await readCsvFile('examples/data/patients.csv');
  const pqi = ['age', 'sex', 'occupation'];
  const ph = pqi.map((q) =>
    parseArxHierarchy(readFileSync(`examples/hierarchies/${q}.csv`, 'utf8'), `examples/hierarchies/${q}.csv`),
  );
  searchCase('patients.csv (age, sex, occupation)', patients, pqi, ph, targets);
}
