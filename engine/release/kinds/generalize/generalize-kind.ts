/** The generalize release kind: microdata generalized to satisfy the anonymity block (generalize-release.ts). */
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
  // The preview and the editor.
  previewView: 'generalize',
  hover: () =>
    Promise.resolve({ about: ['Generalization and suppression to satisfy the anonymity block. Spends no DP budget.'] }),
  anonymizesCsv: true,
};
