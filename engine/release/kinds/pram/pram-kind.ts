/** The PRAM release kind: microdata whose named columns are randomized by transition matrices (pram-release.ts). */
import { declaredDomains } from '../../domains.js';
import type { PlanProblem } from '../../plan-problem.js';
import { oneRowSensitivity } from '../../sensitivity.js';
import type { QueryOf, ReleaseKind } from '../release-kind.js';
import { pramChecks } from './pram-checks.js';
import { pramHover, pramLocalPrivacy } from './pram-hover.js';
import { INVARIANT_REFUSED, preparePram } from './pram-release.js';
import { prepareStreamedPram } from './streamed-pram.js';

export const pramKind: ReleaseKind = {
  name: 'pram',
  dp: false,
  mechanisms: [],
  mechanismExample: '',
  bayesian: false,
  domainColumns: () => [],
  queryProblems: (query) => {
    const q = query as QueryOf<'pram'>;
    const problems: PlanProblem[] = [];
    if (q.matrix === undefined && !(q.retain !== undefined && q.retain > 0 && q.retain <= 1)) {
      problems.push({
        code: 'parameter-out-of-range',
        message: `retain must be in (0, 1], got ${q.retain}`,
        field: 'retain',
      });
    }
    if (q.invariant) problems.push({ code: 'invariant-pram', message: INVARIANT_REFUSED, field: 'retain' });
    return problems;
  },
  filesRead: (query) => {
    const q = query as QueryOf<'pram'>;
    return q.matrix !== undefined ? [q.matrix] : [];
  },
  withFilesResolved: (query, resolve) => {
    const q = query as QueryOf<'pram'>;
    return q.matrix !== undefined ? { ...q, matrix: resolve(q.matrix) } : q;
  },
  prepare: (release, c) => {
    const q = release.query as QueryOf<'pram'>;
    const matrixText = q.matrix === undefined ? undefined : c.files.get(q.matrix);
    return {
      release: preparePram({
        table: c.table,
        dataset: c.dataset,
        query: q,
        domains: declaredDomains(c.hierarchies),
        hierarchies: c.hierarchies,
        anonymity: c.anonymity,
        matrixText,
        matrixFile: q.matrix,
        rng: c.rng,
      }),
    };
  },
  prepareAtSource: (release, source, columns, c) => {
    const q = release.query as QueryOf<'pram'>;
    return prepareStreamedPram(source, columns, {
      dataset: c.dataset,
      query: q,
      hierarchies: c.hierarchies,
      anonymity: c.anonymity,
      domains: declaredDomains(c.hierarchies),
      rng: c.rng,
      ...(q.matrix !== undefined ? { matrixText: c.files.get(q.matrix), matrixFile: q.matrix } : {}),
    });
  },
  // Sensitivity, column roles, links, risks (engine/release/*.ts ask these).
  // No noise is calibrated to it; one row changes one row of the file.
  sensitivity: () => oneRowSensitivity(1),
  columnUses: (q) => (q as QueryOf<'pram'>).columns.map((column) => ({ column, use: 'PRAM column' })),
  // Its file holds the columns it randomizes and, with an anonymity block, the other quasi-identifiers at the block's
  // levels; nothing else.
  microdataFile: (query, { roles, anonymity }) => {
    const q = query as QueryOf<'pram'>;
    return { exact: [], atLevels: anonymity ? roles.quasi.filter((c) => !q.columns.includes(c)) : [] };
  },
  randomizedColumns: (q) => (q as QueryOf<'pram'>).columns,
  // The preview and the editor.
  previewView: 'pram',
  // The panel moves the retention probability (a matrix file has none to move); PRAM has no mechanism to tune.
  queryControl: { name: 'retain', label: 'retain probability', min: 0.05, max: 0.99, log: false },
  hover: pramHover,
  localPrivacy: pramLocalPrivacy,
  domainFromDataWarns: true,
  editorChecks: (query, facts) => pramChecks(query as QueryOf<'pram'>, facts),
};
