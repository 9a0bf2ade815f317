// Issue 40: the server side of the local DP releases on 1 M reports, which must estimate in ≤ 2 s. The reports are
// made directly rather than through the clients (a million sketches of width 1024 are a billion flips, which is the
// clients' work, not the server's); the estimate reads each report's cells for every domain value, whatever drew them.
import { seededRandom } from '../engine/core/random.js';
import { localProtocol, type LocalQuery } from '../engine/release/kinds/local/local-protocol.js';

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
}
