/**
 * Something wrong with a release's own parameters, found without data. `field` says which part of the release is at
 * fault, so that the language can underline exactly that token and the panel can mark that control.
 */
export type ProblemField =
  | 'release'
  | 'query'
  | 'mechanism'
  | 'epsilon'
  | 'delta'
  | 'rho'
  | 'bound'
  | 'groups'
  | 'rows'
  | 'low'
  | 'size'
  | 'retain'
  | 'matrix'
  | 'protocol'
  | 'hashes'
  | 'width';

export interface PlanProblem {
  readonly code:
    | 'parameter-out-of-range'
    | 'missing-parameter'
    | 'unexpected-mechanism'
    | 'missing-mechanism'
    | 'column-role'
    | 'invariant-pram'
    | 'auto-bound';
  readonly message: string;
  readonly field: ProblemField;
  /**
   * The column at fault and its role, for a `column-role` problem (the editor underlines that column and offers to
   * declare it).
   */
  readonly column?: string;
  readonly role?: string;
}
