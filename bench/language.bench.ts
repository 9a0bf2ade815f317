// The spec checker on a 200-line spec: without CSV scanning (target ≤ 50 ms) and with a 100,000-row CSV (target ≤ 500
// ms, first check, the CSV not yet cached). Peer: Langium's bare parse of the same text, measured in the same run, so
// the ratio shows what the checking adds on top of parsing; and the engine's CSV reader alone on the same file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsvFile } from '../engine/host/sources/csv/read-csv-file.js';
import { checkDocument, loadSpecText } from '../language/check-spec.js';
import { createPrivspecServices } from '../language/privspec-module.js';
import { NodeFileSystem } from 'langium/node';

const ROWS = 100_000;

/** A deterministic 100,000-row CSV shaped like the examples' patients (no randomness needed for timing). */
function writeCsv(path: string): void {
  const sexes = ['F', 'M'];
  const diagnoses = ['flu', 'cold', 'asthma', 'covid', 'migraine', 'back-pain'];
  const lines = ['patient_id,age,sex,zip,diagnosis,income,visit_date'];
  for (let i = 0; i < ROWS; i++) {
    const age = (i * 7919) % 90;
    const zip = 10000 + ((i * 104729) % 900) * 10;
    const month = String(1 + (i % 12)).padStart(2, '0');
    lines.push(
      `P${Math.floor(i / 2)},${age},${sexes[i % 2]},${zip},${diagnoses[i % 6]},${20000 + ((i * 31) % 150) * 1000},2024-${month}-15`,
    );
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** 200 lines: the dataset block, hierarchies, the anonymity and budget blocks, and releases to fill the rest. */
function spec(): string {
  const head = [
    'dataset visits from "visits.csv" {',
    '  quasi age, sex, zip, visit_date',
    '  sensitive diagnosis',
    '  unit patient_id',
    '}',
    'hierarchy age: intervals 5, 10, 20',
    'hierarchy zip: mask 1, 2, 3, 5',
    'hierarchy visit_date: date month, year',
    'hierarchy sex { "M", "F" -> "*" }',
    'anonymity { k 5  l-diversity distinct 2 on diagnosis  suppression 2%  metric loss }',
    'budget { epsilon 100  delta 1e-9  accounting zcdp }',
  ];
  const releases: string[] = [];
  for (let i = 0; head.length + releases.length < 200; i++) {
    const lo = (i * 3) % 80;
    releases.push(
      i % 3 === 0
        ? `release r${i}: count where age in ${lo}..${lo + 2}  bound unit rows 1  laplace epsilon 0.01`
        : i % 3 === 1
          ? `release r${i}: mean income clamp 0..200000  bound unit rows 1  gaussian rho 0.0001`
          : `release r${i}: count by sex  bound unit groups 1 rows 1  laplace epsilon 0.01`,
    );
  }
  return [...head, ...releases].join('\n');
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-bench-'));
  try {
    const csv = join(dir, 'visits.csv');
    writeCsv(csv);
    const text = spec();
    const specFile = join(dir, 'visits.privspec');
    const services = createPrivspecServices(NodeFileSystem).Privspec;
    const time = async (f: () => unknown) => {
      const t0 = performance.now();
      await f();
      return performance.now() - t0;
    };
    // Warm up the parser and the checks once.
    for (let i = 0; i < 5; i++)
      await checkDocument(await loadSpecText(text, specFile, services), { scanData: false }, services);

    const parses: number[] = [];
    for (let i = 0; i < 20; i++) parses.push(await time(() => services.parser.LangiumParser.parse(text)));
    const parse = median(parses);
    const fast: number[] = [];
    for (let i = 0; i < 20; i++)
      fast.push(
        await time(async () =>
          checkDocument(await loadSpecText(text, specFile, services), { scanData: false }, services),
        ),
      );

    // A fresh set of services has an empty CSV cache: the first full check reads the 100k-row file.
    const cold = createPrivspecServices(NodeFileSystem).Privspec;
    const first = await time(async () =>
      checkDocument(await loadSpecText(text, specFile, cold), { scanData: true }, cold),
    );
    const warm: number[] = [];
    for (let i = 0; i < 10; i++)
      warm.push(
        await time(async () => checkDocument(await loadSpecText(text, specFile, cold), { scanData: true }, cold)),
      );
    const read = await time(() => readCsvFile(csv));

    const f = median(fast);
    console.log(`200-line spec, ${text.length} chars, ${ROWS.toLocaleString('en')}-row CSV`);
    console.log(`  parse only (peer, Langium parser):   ${parse.toFixed(1)} ms`);
    console.log(
      `  check without CSV scanning:          ${f.toFixed(1)} ms  (${(f / parse).toFixed(1)}× the bare parse; target ≤ 50 ms: ${f <= 50 ? 'met' : 'MISSED'})`,
    );
    console.log(`  engine CSV read alone (peer):         ${read.toFixed(1)} ms`);
    console.log(
      `  first check with the CSV scanned:     ${first.toFixed(1)} ms  (${(first / read).toFixed(1)}× the CSV read; target ≤ 500 ms: ${first <= 500 ? 'met' : 'MISSED'})`,
    );
    console.log(`  later checks (CSV cached by mtime):   ${median(warm).toFixed(1)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
