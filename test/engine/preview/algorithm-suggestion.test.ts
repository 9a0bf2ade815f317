import { strict as assert } from 'node:assert';
import { SWITCH_MARGIN, suggestAlgorithm } from '../../../engine/preview/algorithm-suggestion.js';
import type { AlgorithmError } from '../../../engine/preview/view-workload.js';
import type { ViewAlgorithm } from '../../../engine/view/view-types.js';

const error = (algorithm: ViewAlgorithm, rmse: number | null): AlgorithmError => ({
  algorithm,
  rmse,
  relative: null,
  runs: rmse === null ? 0 : 2,
  ms: 0,
});
const ALL: ViewAlgorithm[] = ['hdpview', 'privtree', 'identity'];

// Issue 37 item 8: the view preview says which algorithm answers its workload best, from the errors it computed.
describe('engine/preview/algorithm-suggestion: the best algorithm on the preview’s own errors', () => {
  it('says the issue’s sentence: "PrivTree 57.4 vs HDPView 227 on this data: switch?" (three significant figures)', () => {
    const s = suggestAlgorithm(
      [error('hdpview', 227.2), error('privtree', 57.43), error('identity', 300)],
      'hdpview',
      ALL,
    );
    assert.deepEqual(s, {
      best: 'privtree',
      bestRmse: 57.43,
      current: 'hdpview',
      currentRmse: 227.2,
      comparison: 'PrivTree 57.4 vs HDPView 227 on this data',
      text: 'PrivTree 57.4 vs HDPView 227 on this data: switch?',
    });
    // Thousands grouped: 1,234.5 → "1,230"; identity by its own name.
    assert.equal(
      suggestAlgorithm([error('hdpview', 1234.5), error('privtree', 1500), error('identity', 12)], 'privtree', ALL)
        ?.text,
      'identity 12 vs PrivTree 1,500 on this data: switch?',
    );
  });

  it('proposes nothing when the release’s algorithm is best, or another is within the margin (builds are estimates)', () => {
    assert.equal(suggestAlgorithm([error('hdpview', 50), error('privtree', 60)], 'hdpview', ALL), undefined);
    // 0.9 × 100 = 90: 90 is not below it, 89.9 is.
    assert.equal(SWITCH_MARGIN, 0.9);
    assert.equal(suggestAlgorithm([error('hdpview', 100), error('privtree', 90)], 'hdpview', ALL), undefined);
    assert.equal(suggestAlgorithm([error('hdpview', 100), error('privtree', 89.9)], 'hdpview', ALL)?.best, 'privtree');
  });

  it('proposes only what the release may switch to (identity above its cell limit is not), and nothing without an error of its own', () => {
    const errors = [error('hdpview', 100), error('privtree', 80), error('identity', 10)];
    assert.equal(suggestAlgorithm(errors, 'hdpview', ['hdpview', 'privtree'])?.best, 'privtree');
    assert.equal(suggestAlgorithm([error('hdpview', null), error('privtree', 1)], 'hdpview', ALL), undefined);
  });
});
