import { strict as assert } from 'node:assert';
import { withArticle } from '../../../engine/core/article.js';

// Issue 37 item 5: the linked-releases message said "a insensitive column". The article follows the next word's sound.
describe('withArticle: "a" or "an" by the next word', () => {
  it('the roles of a column: an insensitive, an identifying, a sensitive, a quasi-identifier', () => {
    assert.equal(withArticle('insensitive column'), 'an insensitive column');
    assert.equal(withArticle('identifying column'), 'an identifying column');
    assert.equal(withArticle('sensitive column'), 'a sensitive column');
    assert.equal(withArticle('quasi-identifier'), 'a quasi-identifier');
  });
  it('a "u" sounded as "you" keeps "a" (a unit, a usual), an unbounded takes "an"; capitals count the same', () => {
    assert.equal(withArticle('unit'), 'a unit');
    assert.equal(withArticle('usual case'), 'a usual case');
    assert.equal(withArticle('unbounded contribution'), 'an unbounded contribution');
    assert.equal(withArticle('Exact count'), 'an Exact count');
  });
});
