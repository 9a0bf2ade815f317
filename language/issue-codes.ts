/** Stable codes of every diagnostic the checker emits; `privspec check` prints them and tests match on them. */
export const IssueCodes = {
  UnknownColumn: 'unknown-column',
  /** A backslash in a string that is none of its escapes (\" \\ \t \n \r). */
  UnknownEscape: 'unknown-escape',
  /** A string without its closing quote (a string ends at the end of its line). */
  UnclosedString: 'unclosed-string',
  /** A word where the grammar expects a keyword, close to one of those it expects (a typo). */
  UnknownKeyword: 'unknown-keyword',
  MissingFile: 'missing-file',
  UnreadableFile: 'unreadable-file',
  HierarchyMissingValues: 'hierarchy-missing-values',
  HierarchyInconsistent: 'hierarchy-inconsistent',
  HierarchyInvalid: 'hierarchy-invalid',
  QuasiWithoutHierarchy: 'quasi-without-hierarchy',
  KAnonymityViolated: 'k-anonymity-violated',
  LDiversityViolated: 'l-diversity-violated',
  OptimalTransformation: 'optimal-transformation',
  ParameterOutOfRange: 'parameter-out-of-range',
  MissingParameter: 'missing-parameter',
  MissingMechanism: 'missing-mechanism',
  UnexpectedMechanism: 'unexpected-mechanism',
  MechanismNotAllowed: 'mechanism-not-allowed',
  BudgetOverrun: 'budget-overrun',
  NoBudget: 'no-budget',
  ParallelComposition: 'parallel-composition',
  OverlapBound: 'overlap-bound',
  UnboundedContribution: 'unbounded-contribution',
  DataDependentDomain: 'data-dependent-domain',
  MissingDataset: 'missing-dataset',
  Duplicate: 'duplicate',
  SensitiveNotDeclared: 'sensitive-not-declared',
  /** t-closeness with the hierarchical distance on a column the spec declares no hierarchy for. */
  TClosenessWithoutHierarchy: 't-closeness-without-hierarchy',
  /** The data, as it stands or at the pinned levels, has classes whose sensitive distribution is farther than t. */
  TClosenessViolated: 't-closeness-violated',
  PinWithoutEffect: 'pin-without-effect',
  PramEpsilonHigh: 'pram-epsilon-high',
  ColumnRole: 'column-role',
  RoleConflict: 'role-conflict',
  LinkedReleases: 'linked-releases',
  InvariantPram: 'invariant-pram',
  InvalidWeight: 'invalid-weight',
  BlankUnit: 'blank-unit',
  PramRerun: 'pram-rerun',
  /** A column randomized by a local DP release after an earlier PRAM or local release of the spec, without `rerun`. */
  LocalRerun: 'local-rerun',
  /** A release's `from` or `join`, or an edge list, names no dataset of the spec. */
  UnknownDataset: 'unknown-dataset',
  /** A join's key column is not a column of both tables. */
  JoinKey: 'join-key',
  /** Several datasets, and not exactly one carries the privacy unit; or a release's tables carry no unit. */
  UnitTable: 'unit-table',
  /** `bound unit auto` where R2T does not apply (a mean, a grid, a Gaussian, a `where`), or a join without it. */
  AutoBound: 'auto-bound',
} as const;
