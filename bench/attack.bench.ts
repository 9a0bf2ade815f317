// `npm run bench -- attack`: the linkage attack (engine/attack) on 10,000 released records and 20,000 candidates (the
// 10,000 originals and 10,000 decoys drawn from the same distribution), target ≤ 5 s each: (1) a Mondrian release at
// k = 5 (ranges and value sets), (2) a full-domain generalization through ARX hierarchies (5-year age bands, zip codes
// masked to 3 digits), (3) the same with 2 % of the records suppressed to '*'. Time covers the attack and its scoring
// against the truth, not the generation.
import { evaluateAttack } from '../engine/attack/attack-evaluation.js';
import { linkageAttack } from '../engine/attack/linkage-attack.js';
import type { AttributeModel } from '../engine/attack/linkage-edges.js';
import { seededRandom } from '../engine/core/random.js';
import { KAnonymity } from '../engine/criteria/k-anonymity.js';
import { parseArxHierarchy } from '../engine/hierarchy/arx-hierarchy.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { mondrian, mondrianRelease } from '../engine/mondrian/mondrian.js';
import { makeProblem } from '../engine/search/problem.js';
import { tableFromRows, type Table } from '../engine/table/table.js';

const N = 10_000;
const QI = ['age', 'zip', 'sex'];
const rng = seededRandom('bench-attack');
const ages = Array.from({ length: 74 }, (_, i) => String(17 + i));
const zips = Array.from({ length: 1000 }, (_, i) => String(10000 + i * 7));
const draw = (prefix: string) =>
  Array.from({ length: N }, (_, i) => [
    `${prefix}${i}`,
    ages[rng.nextUint32() % ages.length],
    zips[rng.nextUint32() % zips.length],
    rng.nextUint32() % 2 ? 'f' : 'm',
  ]);
const ageH = parseArxHierarchy(
  ages.map((a) => `${a};${Math.floor(Number(a) / 5) * 5}-${Math.floor(Number(a) / 5) * 5 + 4};*`).join('\n'),
  'age',
);
const zipH = parseArxHierarchy(zips.map((z) => `${z};${z.slice(0, 3)}**;*`).join('\n'), 'zip');
const sexH = parseArxHierarchy('f;*\nm;*', 'sex');

function timed(
  label: string,
  released: Table,
  truth: Table,
  candidates: Table,
  models?: Map<string, AttributeModel>,
): void {
  const start = performance.now();
  const result = linkageAttack(released, candidates, { qi: QI, candidateId: 'id', rng, ...(models ? { models } : {}) });
  const ev = evaluateAttack(result, released, truth, { qi: QI, id: 'id', ...(models ? { models } : {}) });
  const ms = performance.now() - start;
  console.log(
    `${label}: ${(ms / 1000).toFixed(2)} s (target ≤ 5 s); matched ${result.matched}, rate ${ev.rate.toFixed(4)}, predicted ${ev.predictedRate?.toFixed(4)}, exceeds ${ev.exceeds}`,
  );
}

export default function run(): void {
  const original = draw('p');
  const truth = tableFromRows(['id', ...QI], original);
  const candidates = tableFromRows(['id', ...QI], [...original, ...draw('d')]);
  const problem = makeProblem(truth, { qi: QI, hierarchies: [ageH, zipH, sexH], criteria: [new KAnonymity(5)] });
  const m = mondrianRelease(
    tableFromRows(
      QI,
      original.map((r) => r.slice(1)),
    ),
    problem,
    mondrian(problem, 5),
  );
  timed(`Mondrian k = 5, ${N} × ${2 * N}`, tableFromRows(m.header, m.rows), truth, candidates);
  const models = new Map<string, AttributeModel>([
    ['age', { kind: 'generalized', hierarchy: ageH }],
    ['zip', { kind: 'generalized', hierarchy: zipH }],
  ]);
  const level = (h: Hierarchy, v: string) => h.generalize(v)![1];
  const generalized = original.map((r) => [level(ageH, r[1]), level(zipH, r[2]), r[3]]);
  timed(
    `hierarchies (age 5-year bands, zip 3 digits), ${N} × ${2 * N}`,
    tableFromRows(QI, generalized),
    truth,
    candidates,
    models,
  );
  const suppressed = generalized.map((r, i) => (i % 50 === 0 ? ['*', '*', '*'] : r));
  timed(
    `the same with 2 % suppressed to '*', ${N} × ${2 * N}`,
    tableFromRows(QI, suppressed),
    truth,
    candidates,
    models,
  );
}
