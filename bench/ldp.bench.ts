// Issue 40: the server side of the local DP releases on 1 M reports, which must estimate in ≤ 2 s. The reports are
// made directly rather than through the clients (a million sketches of width 1024 are a billion flips, which is the
// clients' work, not the server's); the estimate reads each report's cells for every domain value, whatever drew them.
import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../engine/core/random.js';
import { localProtocol, type LocalQuery } from '../engine/release/kinds/local/local-protocol.js';
import { mb, privspecProcess } from './measure-process.js';

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
 * `privspec estimate` as a user runs it: a file of 1 M distinct sketch reports (as real clients write them, unlike the
 * pool above), read, checked and estimated by the whole process. Its memory is the reader's: every distinct report
 * is a string of its column's dictionary.
 */
function endToEnd(rng: ReturnType<typeof seededRandom>): void {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-ldp-bench-'));
  try {
    writeFileSync(join(dir, 'd.csv'), 'id,diagnosis\n0,diagnosis-0\n');
    writeFileSync(
      join(dir, 's.privspec'),
      `dataset d from "d.csv" {\n  sensitive diagnosis\n  unit id\n}\nhierarchy diagnosis { ${DOMAIN.map((v) => `"${v}"`).join(', ')} -> "*" }\nrelease s: local diagnosis count-mean-sketch epsilon 4 hashes 256 width 1024\n`,
    );
    const file = join(dir, 'reports.csv');
    writeFileSync(file, 'hash,sketch\n');
    const batch = 50_000;
    for (let start = 0; start < N; start += batch) {
      const lines: string[] = [];
      for (let i = 0; i < batch; i++) {
        let hex = '';
        for (let w = 0; w < 32; w++) hex += rng.nextUint32().toString(16).padStart(8, '0');
        lines.push(`${rng.nextUint32() & 255},${hex}`);
      }
      appendFileSync(file, `${lines.join('\n')}\n`);
    }
    const figures = privspecProcess(
      ['estimate', file, '--spec', join(dir, 's.privspec'), '--only', 's', '--hash-seed', '1', '--json'],
      1,
    );
    console.log(
      `privspec estimate, ${N} distinct count-mean sketch reports (hashes 256, width 1024) end to end: ${(figures.ms / 1000).toFixed(2)} s, peak ${mb(figures.peakMb)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
