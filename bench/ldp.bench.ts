// Issue 40: the server side of the local DP releases on 1 M reports, which must estimate in ≤ 2 s. The reports are
// made directly rather than through the clients (a million sketches of width 1024 are a billion flips, which is the
// clients' work, not the server's); the estimate reads each report's cells for every domain value, whatever drew them.
import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../engine/core/random.js';
import { localProtocol, type LocalQuery } from '../engine/release/kinds/local/local-protocol.js';
import { mb, privspecProcess, type ProcessFigures } from './measure-process.js';

const N = 1_000_000;
const DOMAIN = Array.from({ length: 16 }, (_, i) => `diagnosis-${i}`);

function time(label: string, f: () => unknown): void {
  const start = performance.now();
  f();
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(2)} s`);
}

export default function ldpBench(): void {
  const rng = seededRandom('ldp bench');
  const rr: LocalQuery = { kind: 'local', column: 'diagnosis', protocol: 'randomized-response', epsilon: 2 };
  const rrRows = Array.from({ length: N }, () => [DOMAIN[rng.nextUint32() % DOMAIN.length]]);
  const rrProtocol = localProtocol(rr, DOMAIN, { rng });
  time(`randomized response, ${N} reports over ${DOMAIN.length} values, estimated in`, () =>
    rrProtocol.estimate(rrRows),
  );

  const cms: LocalQuery = {
    kind: 'local',
    column: 'diagnosis',
    protocol: 'count-mean-sketch',
    epsilon: 4,
    hashes: 256,
    width: 1024,
  };
  // A pool of 4,096 random sketches, each report one of them with its own hash index: the rows of a 1 M file without
  // a billion flips or 256 MB of distinct strings.
  const hex = '0123456789abcdef';
  const pool = Array.from({ length: 4096 }, () =>
    Array.from({ length: 256 }, () => hex[rng.nextUint32() & 15]).join(''),
  );
  const cmsRows = Array.from({ length: N }, () => [String(rng.nextUint32() & 255), pool[rng.nextUint32() & 4095]]);
  const cmsProtocol = localProtocol(cms, DOMAIN, { rng, hashSeed: 1 });
  time(`count-mean sketch (hashes 256, width 1024), ${N} reports over ${DOMAIN.length} values, estimated in`, () =>
    cmsProtocol.estimate(cmsRows),
  );

  endToEnd(rng);
}

/**
 * `privspec estimate` as a user runs it, on each protocol: a file of 1 M reports (the sketch's all distinct, as real
 * clients write them, unlike the pool above), read, checked and estimated by the whole process; the target is 2 s each.
 * The reports stream from the file into the estimator (read-csv-cells.ts), so the peak memory does not grow with them.
 * The process's CPU time is printed beside its wall time: on a machine busy with other work the difference is the
 * wait for a core. The load average is printed with them.
 */
function endToEnd(rng: ReturnType<typeof seededRandom>): void {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-ldp-bench-'));
  try {
    writeFileSync(join(dir, 'd.csv'), 'id,diagnosis\n0,diagnosis-0\n');
    writeFileSync(
      join(dir, 's.privspec'),
      `dataset d from "d.csv" {\n  sensitive diagnosis\n  unit id\n}\nhierarchy diagnosis { ${DOMAIN.map((v) => `"${v}"`).join(', ')} -> "*" }\nrelease s: local diagnosis count-mean-sketch epsilon 4 hashes 256 width 1024\nrelease r: local diagnosis randomized-response epsilon 2\n`,
    );
    const sketches = join(dir, 'sketches.csv');
    writeReports(sketches, 'hash,sketch', () => {
      let hex = '';
      for (let w = 0; w < 32; w++) hex += rng.nextUint32().toString(16).padStart(8, '0');
      return `${rng.nextUint32() & 255},${hex}`;
    });
    report(
      `${N} distinct count-mean sketch reports (hashes 256, width 1024)`,
      privspecProcess(
        ['estimate', sketches, '--spec', join(dir, 's.privspec'), '--only', 's', '--hash-seed', '1', '--json'],
        1,
      ),
    );
    rmSync(sketches);
    const answers = join(dir, 'answers.csv');
    writeReports(answers, 'diagnosis', () => DOMAIN[rng.nextUint32() % DOMAIN.length]);
    report(
      `${N} randomized response reports over ${DOMAIN.length} values`,
      privspecProcess(['estimate', answers, '--spec', join(dir, 's.privspec'), '--only', 'r', '--json'], 1),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** N lines under `header`, written 50,000 at a time. */
function writeReports(file: string, header: string, line: () => string): void {
  writeFileSync(file, `${header}\n`);
  for (let start = 0; start < N; start += 50_000)
    appendFileSync(file, `${Array.from({ length: 50_000 }, line).join('\n')}\n`);
}

function report(what: string, figures: ProcessFigures): void {
  const load = loadavg()[0].toFixed(1);
  console.log(
    `privspec estimate, ${what}, end to end: ${(figures.ms / 1000).toFixed(2)} s (CPU ${(figures.cpuMs / 1000).toFixed(2)} s, load average ${load} on ${availableParallelism()} cores; target ≤ 2 s), peak ${mb(figures.peakMb)}`,
  );
}
