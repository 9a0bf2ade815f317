/**
 * The local DP release kind: one column randomized unit by unit, by k-ary randomized response or the count-mean sketch
 * (local-release.ts), with the server's estimates in its report and `privspec estimate` to recompute them.
 */
import { declaredDomains } from '../../domains.js';
import { oneRowSensitivity } from '../../sensitivity.js';
import type { ReleaseKind } from '../release-kind.js';
import { localChecks } from './local-checks.js';
import { localHover, localPrivacy } from './local-hover.js';
import type { PlanProblem } from '../../plan-problem.js';
import { localParameterProblems, type LocalQuery } from './local-protocol.js';
import { prepareLocal } from './local-release.js';

export const localKind: ReleaseKind = {
  name: 'local',
  dp: false,
  mechanisms: [],
  mechanismExample: '',
  bayesian: false,
  domainColumns: () => [],
  queryProblems: (query) =>
    localParameterProblems(query as LocalQuery).map((p): PlanProblem => ({
      code: 'parameter-out-of-range',
      message: p.message,
      field: p.field,
    })),
  prepare: (release, c) => ({
    release: prepareLocal({
      table: c.table,
      dataset: c.dataset,
      query: release.query as LocalQuery,
      domains: declaredDomains(c.hierarchies),
      rng: c.rng,
    }),
  }),
  // No noise is calibrated to it: a report depends on one row of its unit.
  sensitivity: () => oneRowSensitivity(1),
  columnUses: (q) => [{ column: (q as LocalQuery).column, use: 'local DP column' }],
  // Its file holds the reports and nothing else: no column is written exactly or generalized.
  microdataFile: () => ({ exact: [], atLevels: [] }),
  randomizedColumns: (q) => [(q as LocalQuery).column],
  previewView: 'local',
  hover: localHover,
  localPrivacy,
  editorChecks: (query, facts) => localChecks(query as LocalQuery, facts),
};
