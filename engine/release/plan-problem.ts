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
  | 'matrix';

export interface PlanProblem {
  readonly code: 'parameter-out-of-range' | 'missing-parameter' | 'unexpected-mechanism' | 'missing-mechanism';
  readonly message: string;
  readonly field: ProblemField;
}
