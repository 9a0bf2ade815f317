/**
 * The figures of the editor's risk report, as plain data that crosses from the language server to the webview and into
 * the saved Markdown and HTML. Every number is computed by `risk-report-figures.ts` with the engine's risk models; the
 * "after" by the generalize release's own transformation (`risk-after.ts`).
 */
/** One requirement of the spec measured on a table: met when no class fails it. */
export interface RequirementCheck {
  /** The criterion's name, e.g. `3-anonymity`, `distinct-3-diversity on diagnosis`. */
  readonly name: string;
  /** What it asks, in words. */
  readonly required: string;
  /** The table's value of the model's measure, in words. */
  readonly measured: string;
  readonly failingClasses: number;
  readonly failingRows: number;
  readonly met: boolean;
}

/** The spec's optimal transformation and what it would release, or why there is none. */
export type RiskAfter =
  | {
      /** `pinned`: the levels the spec pins (what the generalize release applies); `optimal`: the search's optimum. */
      readonly basis: 'pinned' | 'optimal';
      /**
       * Each quasi-identifier's level, its hierarchy's height, and the first row's value before → after, for meaning.
       */
      readonly levels: readonly {
        readonly column: string;
        readonly level: number;
        readonly height: number;
        readonly example: string;
      }[];
      readonly suppressed: number;
      /** Rows released (not suppressed). */
      readonly rows: number;
      readonly classes: number;
      readonly sampleUniques: number;
      readonly averageRisk: number;
      readonly highestRisk: number;
      readonly classSizeHistogram: readonly (readonly [number, number])[];
      readonly requirements: readonly RequirementCheck[];
    }
  | { readonly unavailable: string };

/** Risk figures of one CSV, as the risk report shows them. */
export interface RiskReportFigures {
  readonly source: string;
  readonly rows: number;
  readonly qi: readonly string[];
  /** The privacy unit: class sizes, uniques, risks and k violations then count distinct units, not rows. */
  readonly unit?: string;
  /** With a unit: the distinct units in the file, the base for shares of persons. */
  readonly persons?: number;
  /** The level each quasi-identifier is counted at (the spec's pins; 0 = as in the data). */
  readonly levels: Readonly<Record<string, number>>;
  readonly k: number;
  readonly classes: number;
  readonly sampleUniques: number;
  readonly averageRisk: number;
  readonly highestRisk: number;
  /** Class size → number of classes of that size, ascending by size. */
  readonly classSizeHistogram: readonly (readonly [number, number])[];
  /** With a unit, `records` is the distinct persons below k, each counted once (`anonymity/below-k.ts`). */
  readonly kViolations: { readonly k: number; readonly records: number; readonly classes: number };
  readonly populationUniqueness?: {
    readonly model: string;
    readonly samplingFraction: number;
    readonly estimate: number;
  };
  readonly lDiversity: readonly {
    readonly sensitive: string;
    /** The smallest number of distinct sensitive values in any class (distinct ℓ of the table). */
    readonly distinctL: number;
    /** The smallest entropy ℓ (exp of the class's sensitive-value entropy) of any class. */
    readonly entropyL: number;
    readonly classesWithOneValue: number;
  }[];
  /** The spec's requirements measured on the data as it stands (at the pinned levels); empty without a spec. */
  readonly requirements: readonly RequirementCheck[];
  /** The optimal transformation's release, when the spec has an anonymity block. */
  readonly after?: RiskAfter;
  /** Quasi-identifier subsets ranked by the records they make unique. */
  readonly riskiestCombinations: readonly {
    readonly columns: readonly string[];
    readonly sampleUniques: number;
    readonly classes: number;
  }[];
  /**
   * With a survey weight: the individual risk's distribution and the riskiest key combinations
   * (individual-risk-figures.ts).
   */
  readonly individualRisk?: IndividualRiskFigures;
}

/** The survey-weighted individual risk (Benedetti & Franconi 1998; Franconi & Polettini 2004) for the risk report. */
export type IndividualRiskFigures =
  | { readonly weight: string; readonly error: string }
  | {
      readonly weight: string;
      readonly threshold: number;
      readonly expectedReidentifications: number;
      readonly globalRisk: number;
      readonly aboveThreshold: number;
      readonly higherThanMainPart: number;
      readonly max: number;
      readonly median: number;
      /** Records and classes per band of risk (from, to]. */
      readonly distribution: readonly {
        readonly from: number;
        readonly to: number;
        readonly records: number;
        readonly classes: number;
      }[];
      readonly riskiest: readonly {
        readonly classKey: string;
        readonly fk: number;
        readonly Fk: number;
        readonly risk: number;
      }[];
    };
