/** Stable codes of every diagnostic the checker emits; `privspec check` prints them and tests match on them. */
export namespace IssueCodes {
  export const UnknownColumn = 'unknown-column';
  /** A backslash in a string that is none of its escapes (\" \\ \t \n \r). */
  export const UnknownEscape = 'unknown-escape';
  /** A word where the grammar expects a keyword, close to one of those it expects (a typo). */
  export const UnknownKeyword = 'unknown-keyword';
  export const MissingFile = 'missing-file';
  export const UnreadableFile = 'unreadable-file';
  export const HierarchyMissingValues = 'hierarchy-missing-values';
  export const HierarchyInconsistent = 'hierarchy-inconsistent';
  export const HierarchyInvalid = 'hierarchy-invalid';
  export const QuasiWithoutHierarchy = 'quasi-without-hierarchy';
  export const KAnonymityViolated = 'k-anonymity-violated';
  export const LDiversityViolated = 'l-diversity-violated';
  export const OptimalTransformation = 'optimal-transformation';
  export const ParameterOutOfRange = 'parameter-out-of-range';
  export const MissingParameter = 'missing-parameter';
  export const MissingMechanism = 'missing-mechanism';
  export const UnexpectedMechanism = 'unexpected-mechanism';
  export const MechanismNotAllowed = 'mechanism-not-allowed';
  export const BudgetOverrun = 'budget-overrun';
  export const NoBudget = 'no-budget';
  export const ParallelComposition = 'parallel-composition';
  export const OverlapBound = 'overlap-bound';
  export const UnboundedContribution = 'unbounded-contribution';
  export const DataDependentDomain = 'data-dependent-domain';
  export const MissingDataset = 'missing-dataset';
  export const Duplicate = 'duplicate';
  export const SensitiveNotDeclared = 'sensitive-not-declared';
  export const PinWithoutEffect = 'pin-without-effect';
  export const PramEpsilonHigh = 'pram-epsilon-high';
  export const ColumnRole = 'column-role';
  export const RoleConflict = 'role-conflict';
  export const LinkedReleases = 'linked-releases';
  export const InvariantPram = 'invariant-pram';
  export const InvalidWeight = 'invalid-weight';
  export const BlankUnit = 'blank-unit';
  export const PramRerun = 'pram-rerun';
}

