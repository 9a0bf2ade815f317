/**
 * Which original record each released record is: the alignment an attack is scored with.
 *
 * privspec writes every microdata file in a fresh random row order and leaves suppressed records out, so released
 * record j is in general not original record j. For a file privspec wrote, the alignment is its private row key (kept
 * beside the data's ledger: engine/host/ledger/row-key.ts): released row j → the input row it was written from. For any
 * other file the truth must be given in the release's record order, and that claim is checked here before it is used:
 * every released record must be one its truth record could have become, under the attribute's model —
 *
 * - a generalized attribute: the released value is the original value, `*`, a generalization of it in the hierarchy,
 *   or a Mondrian range or value set holding it (the compatibility the attacker uses: compatibility.ts);
 * - a PRAM'd attribute: the transition P(original → released) is above 0. With a retention below 1 and a uniform draw
 *   every value can become every other, so such a column cannot show an order wrong; the check then rests on the other
 *   attributes, and when no attribute can show it, the order cannot be checked at all.
 *
 * A shuffled file fails the check on almost every row, which is what makes a wrong order impossible to miss: a score
 * computed on a misaligned truth counts links to the wrong persons and reassures on a number that means nothing.
 */
import { labelIndex } from '../pram/transition-matrix.js';
import { column, type Table } from '../table/table.js';
import { compatibilityIndex } from './compatibility.js';
import type { AttributeModel } from './linkage-edges.js';

export interface RowAlignment {
  /** Released row j → the truth row it was released from. */
  readonly truthRows: Int32Array;
  /** `row key`: from the key privspec kept when it wrote the file; `record order`: the truth's order, checked. */
  readonly basis: 'row key' | 'record order';
}

/** The truth in the release's order: released row j is truth row j. */
export function recordOrder(n: number): RowAlignment {
  return { truthRows: Int32Array.from({ length: n }, (_, j) => j), basis: 'record order' };
}

export interface OrderCheck {
  /** The attributes whose model can tell a wrong order (a proper subset of the values is compatible somewhere). */
  readonly verifiedOn: readonly string[];
  /** The attributes that cannot (every value compatible with every value: uniform PRAM, all `*`). */
  readonly unverifiable: readonly string[];
  /** Released records incompatible with their truth record on a verifying attribute. */
  readonly incompatible: number;
  readonly rows: number;
}

/**
 * Checks that released row j could have been released from truth row j, for every j, on every attribute that can tell.
 * Linear in the rows: each attribute's compatibility is looked up per distinct (released, original) pair once.
 */
export function checkRecordOrder(
  released: Table,
  truth: Table,
  qi: readonly string[],
  models?: ReadonlyMap<string, AttributeModel>,
): OrderCheck {
  const n = released.rowCount;
  const bad = new Uint8Array(n);
  const verifiedOn: string[] = [];
  const unverifiable: string[] = [];
  for (const name of qi) {
    const rel = column(released, name);
    const orig = column(truth, name);
    const compatible = pairTest(rel.dictionary, orig.dictionary, models?.get(name));
    if (!compatible.canTell) {
      unverifiable.push(name);
      continue;
    }
    verifiedOn.push(name);
    for (let j = 0; j < n; j++) if (!compatible.test(rel.codes[j], orig.codes[j])) bad[j] = 1;
  }
  return { verifiedOn, unverifiable, incompatible: bad.reduce((a, b) => a + b, 0), rows: n };
}

/** Whether released value code r can come from original value code o, and whether the attribute can tell at all. */
function pairTest(
  releasedValues: readonly string[],
  originalValues: readonly string[],
  model: AttributeModel | undefined,
): { canTell: boolean; test: (r: number, o: number) => boolean } {
  if (model?.kind === 'pram') {
    const m = model.matrix;
    const index = labelIndex(m);
    const rel = releasedValues.map((v) => index.get(v));
    const orig = originalValues.map((v) => index.get(v));
    // The matrix can tell when some transition between values that occur here is impossible.
    let canTell = false;
    const possible = (r: number, o: number) => {
      const u = orig[o];
      const v = rel[r];
      return u !== undefined && v !== undefined && m.p[u * m.size + v] > 0;
    };
    for (let o = 0; o < originalValues.length && !canTell; o++)
      for (let r = 0; r < releasedValues.length && !canTell; r++) if (!possible(r, o)) canTell = true;
    return { canTell, test: possible };
  }
  const index = compatibilityIndex(originalValues, model?.hierarchy);
  const covered = releasedValues.map((v) => {
    const c = index.covered(v);
    return c === 'all' ? 'all' : new Set(c);
  });
  const canTell = covered.some((c) => c !== 'all' && c.size < originalValues.length);
  return { canTell, test: (r, o) => covered[r] === 'all' || covered[r].has(o) };
}
