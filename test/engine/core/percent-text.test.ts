import { strict as assert } from 'node:assert';
import { percentText } from '../../../engine/core/percent-text.js';

describe('percentText: shares in the panels', () => {
  it('one decimal from 0.1 % up (41.5 %, 33.3 % = 1/3, 100 %)', () => {
    assert.equal(percentText(0.415), '41.5%');
    assert.equal(percentText(1 / 3), '33.3%');
    assert.equal(percentText(1), '100.0%');
    assert.equal(percentText(0.001), '0.1%');
  });
  it('one significant digit below 0.1 %: 12 of 30,141 = 0.0398… % reads 0.04%, not 0.0%', () => {
    assert.equal(percentText(12 / 30141), '0.04%');
    assert.equal(percentText(1 / 100000), '0.001%');
  });
  it('exactly none reads 0%', () => {
    assert.equal(percentText(0), '0%');
  });
});
