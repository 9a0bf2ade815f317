import type { AnonymizationProblem } from './problem.js';

/**
 * The data at one lattice node, compressed: one cell per distinct (generalized quasi-identifiers, sensitive value),
 * with its row count, and the equivalence class (distinct generalized quasi-identifiers) each cell belongs to.
 * Without a sensitive attribute, cells and classes coincide.
 */
export interface Cells {
  readonly levels: readonly number[];
  readonly count: number;
  /**
   * Cell → one of the problem's records in it (the first): every record of a cell has the cell's codes, so a cell's
   * codes at any level are read from this record rather than stored per node.
   */
  readonly rep: Int32Array;
  /** `codes[i][c]`: cell c's code for quasi-identifier i at `levels[i]` (built on first use). */
  readonly codes: readonly Int32Array[];
  /** Cell → sensitive code, when the problem has a sensitive attribute (built on first use). */
  readonly sensitive?: Int32Array;
  /** Cell → number of rows. */
  readonly counts: Int32Array;
  /** Cell → class id. */
  readonly classOf: Int32Array;
  readonly classCount: number;
  /** Class id → number of rows. */
  readonly classSizes: Int32Array;
  /** Cell → its class's key in the roll-up's fixed mixed radix, when the problem's key space allows one. */
  readonly keys?: Float64Array;
}

/**
 * Cells whose codes are read from their representative records when a metric first asks for them: a roll-up then writes
 * one array of representatives per node instead of one code array per quasi-identifier, and most nodes the search
 * checks are never asked for their codes (the monotonic entropy and DM* read class sizes only).
 */
export class NodeCells implements Cells {
  private codeColumns?: Int32Array[];
  private sensitiveCodes?: Int32Array;

  constructor(
    private readonly problem: AnonymizationProblem,
    readonly levels: readonly number[],
    readonly count: number,
    readonly rep: Int32Array,
    readonly counts: Int32Array,
    readonly classOf: Int32Array,
    readonly classCount: number,
    readonly classSizes: Int32Array,
    readonly keys?: Float64Array,
  ) {}

  get codes(): readonly Int32Array[] {
    if (!this.codeColumns) {
      const { rep, count } = this;
      this.codeColumns = this.problem.qi.map((q, i) => {
        const map = q.hierarchy.levelCodes[this.levels[i]];
        const from = q.codes;
        const out = new Int32Array(count);
        for (let c = 0; c < count; c++) out[c] = map[from[rep[c]]];
        return out;
      });
    }
    return this.codeColumns;
  }

  get sensitive(): Int32Array | undefined {
    const s = this.problem.sensitive;
    if (!s) return undefined;
    if (!this.sensitiveCodes) {
      const out = new Int32Array(this.count);
      for (let c = 0; c < this.count; c++) out[c] = s.codes[this.rep[c]];
      this.sensitiveCodes = out;
    }
    return this.sensitiveCodes;
  }
}
