/** The generalize release kind: microdata generalized to satisfy the anonymity block (generalize-release.ts). */
import { oneRowSensitivity } from '../../sensitivity.js';
import type { ReleaseKind } from '../release-kind.js';
import { generalizationColumns } from '../../decide-generalization.js';
import { prepareGeneralize } from './generalize-release.js';
import { prepareStreamedGeneralize } from './streamed-generalize.js';

export const generalizeKind: ReleaseKind = {
  name: 'generalize',
  dp: false,
  mechanisms: [],
  mechanismExample: '',
  bayesian: false,
  domainColumns: () => [],
  prepare: (_, c) => ({ release: prepareGeneralize(c.table, c.dataset, c.hierarchies, c.anonymity) }),
  // Decided on the frequency table of the columns the decision reads, as the in-memory release decides on its table's.
  prepareAtSource: async (_, source, columns, c) => {
    const columnsRead = generalizationColumns({
      quasi: c.dataset.quasi,
      hierarchies: c.hierarchies,
      anonymity: c.anonymity,
    });
    return prepareStreamedGeneralize(
      await source.frequencyTable({ columns: columnsRead }),
      columns,
      c.dataset,
      c.hierarchies,
      c.anonymity!,
    );
  },
  // Sensitivity, column roles, links, risks (engine/release/*.ts ask these).
  // No noise is calibrated to it; one row changes one row of the file.
  sensitivity: () => oneRowSensitivity(1),
  // The columns it writes are the dataset's releasable ones, checked where the file is written, not by use.
  columnUses: () => [],
  // Its file holds every sensitive and insensitive column as it is, and the quasi-identifiers at the block's levels.
  microdataFile: (_, { roles }) => ({ exact: [...roles.sensitive, ...roles.insensitive], atLevels: roles.quasi }),
  // The preview and the editor.
  previewView: 'generalize',
  hover: () =>
    Promise.resolve({ about: ['Generalization and suppression to satisfy the anonymity block. Spends no DP budget.'] }),
  anonymizesCsv: true,
};
