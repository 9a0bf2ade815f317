/**
 * The linkage attack on a release (the re-identification exercise of record linkage: Fellegi & Sunter 1969; Sweeney
 * 2002; for PRAM, Hasegawa & Miura's identification risk): an attacker holds identified candidate records, some of them
 * the released persons and the rest decoys, and links each released record to a candidate.
 *
 * Two attacks are reported. The per-record attack takes each released record's most likely candidate (ties drawn at
 * random). The one-to-one attack links every released record to a distinct candidate, maximizing first the number
 * linked and then the total log-likelihood (transport-assignment.ts); records of one tuple receive their group's
 * candidates in a random order. Randomness comes from the secure generator unless a test passes a seeded one.
 */
import { cryptoRandom, type RandomSource } from '../core/random.js';
import { PrivacyError } from '../core/measures.js';
import { uniformBelowSmall } from '../dp/samplers/uniform.js';
import { column, type Table } from '../table/table.js';
import { linkageEdges, type AttributeModel } from './linkage-edges.js';
import { recordGroups } from './record-groups.js';
import { shuffled, transportAssignment } from './transport-assignment.js';

export interface AttackOptions {
  readonly qi: readonly string[];
  /** The model of each attribute; an attribute without one is generalized without a hierarchy. */
  readonly models?: ReadonlyMap<string, AttributeModel>;
  /** The candidates' identifier column; without it candidates are named by their 1-based record number. */
  readonly candidateId?: string;
  readonly rng?: RandomSource;
  readonly signal?: AbortSignal;
  /** The most pairs of tuples the blocking may compare (MAX_PAIR_CHECKS); a larger attack is refused. */
  readonly maxPairChecks?: number;
}

export interface LinkedRecord {
  /** 0-based candidate record. */
  readonly candidateRow: number;
  readonly candidate: string;
  /** log P(released record | candidate). */
  readonly logLikelihood: number;
  /** P(candidate | released record) under a uniform prior over the candidates: the attacker's confidence. */
  readonly score: number;
}

export interface ReleasedLink {
  /** The one-to-one attack's candidate, when one was left for this record. */
  readonly match?: LinkedRecord & { readonly confident: boolean };
  /** The per-record attack's candidate (most likely; ties drawn at random). */
  readonly best?: LinkedRecord;
  /** How many candidates share the highest likelihood (1 = a unique best). */
  readonly tiedBest: number;
  /** How many candidates the record is compatible with (likelihood above 0). */
  readonly compatible: number;
}

export interface AttackResult {
  readonly released: number;
  readonly candidates: number;
  /** Records the one-to-one attack linked. */
  readonly matched: number;
  /** Records whose most likely candidate is not unique (the tie was drawn at random). */
  readonly ties: number;
  /** Per released record, in file order. */
  readonly links: readonly ReleasedLink[];
  /** Whether a seeded generator broke the ties (a test run). */
  readonly seeded: boolean;
}

export function linkageAttack(released: Table, candidates: Table, options: AttackOptions): AttackResult {
  const rng = options.rng ?? cryptoRandom();
  if (options.qi.length === 0) throw new PrivacyError('attack: name at least one quasi-identifier');
  const models = options.qi.map((q): AttributeModel => options.models?.get(q) ?? { kind: 'generalized' });
  const relColumns = options.qi.map((q) => column(released, q));
  const candColumns = options.qi.map((q) => column(candidates, q));
  const ids = options.candidateId !== undefined ? column(candidates, options.candidateId) : undefined;
  const idOf = (row: number) => (ids ? ids.dictionary[ids.codes[row]] : String(row + 1));
  const rel = { columns: relColumns, groups: recordGroups(relColumns, released.rowCount) };
  const cand = { columns: candColumns, groups: recordGroups(candColumns, candidates.rowCount) };
  options.signal?.throwIfAborted();
  const edges = linkageEdges(rel, cand, models, options.maxPairChecks);
  options.signal?.throwIfAborted();
  const supply = rel.groups.rows.map((r) => r.length);
  const capacity = cand.groups.rows.map((r) => r.length);
  const flow = transportAssignment(edges, supply, capacity, rng, options.signal);

  // Per released group: the normalizer of the score, the best likelihood and how many candidates reach it.
  const R = supply.length;
  const best = new Float64Array(R).fill(-Infinity);
  for (let e = 0; e < edges.from.length; e++)
    best[edges.from[e]] = Math.max(best[edges.from[e]], edges.logLikelihood[e]);
  const normalizer = new Float64Array(R);
  const tied = new Int32Array(R);
  const compatible = new Int32Array(R);
  const outgoing: number[][] = Array.from({ length: R }, () => []);
  for (let e = 0; e < edges.from.length; e++) {
    const g = edges.from[e];
    const size = capacity[edges.to[e]];
    normalizer[g] += size * Math.exp(edges.logLikelihood[e] - best[g]);
    compatible[g] += size;
    if (edges.logLikelihood[e] === best[g]) tied[g] += size;
    outgoing[g].push(e);
  }
  const linked = (g: number, candidateRow: number, w: number): LinkedRecord => ({
    candidateRow,
    candidate: idOf(candidateRow),
    logLikelihood: w,
    score: Math.exp(w - best[g]) / normalizer[g],
  });

  // Candidates of each group in a random order, handed out to the released records the flow sends there.
  const nextOfGroup = new Int32Array(capacity.length);
  const order = cand.groups.rows.map((rows) => Array.from(shuffled(rows.length, rng), (i) => rows[i]));
  const links = new Array<ReleasedLink>(released.rowCount);
  let matched = 0;
  let ties = 0;
  rel.groups.rows.forEach((rows, g) => {
    const records = Array.from(shuffled(rows.length, rng), (i) => rows[i]);
    const assigned: { row: number; w: number }[] = [];
    for (const e of outgoing[g])
      for (let u = 0; u < flow[e]; u++)
        assigned.push({ row: order[edges.to[e]][nextOfGroup[edges.to[e]]++], w: edges.logLikelihood[e] });
    const bestEdges = outgoing[g].filter((e) => edges.logLikelihood[e] === best[g]);
    if (tied[g] > 1) ties += rows.length;
    records.forEach((r, i) => {
      const a = assigned[i];
      let pick: LinkedRecord | undefined;
      if (tied[g] > 0) {
        // The per-record attack: one of the tied best candidates, uniformly.
        let u = uniformBelowSmall(tied[g], rng);
        for (const e of bestEdges) {
          const rowsOf = cand.groups.rows[edges.to[e]];
          if (u < rowsOf.length) {
            pick = linked(g, rowsOf[u], best[g]);
            break;
          }
          u -= rowsOf.length;
        }
      }
      if (a) matched++;
      links[r] = {
        ...(a ? { match: { ...linked(g, a.row, a.w), confident: tied[g] === 1 && a.w === best[g] } } : {}),
        ...(pick ? { best: pick } : {}),
        tiedBest: tied[g],
        compatible: compatible[g],
      };
    });
  });
  return {
    released: released.rowCount,
    candidates: candidates.rowCount,
    matched,
    ties,
    links,
    seeded: rng.deterministic,
  };
}
