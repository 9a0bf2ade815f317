import { strict as assert } from 'node:assert';
import { charsIn, cutLabel, cutTicks, labelStep } from '../../webview/preview/category-labels.js';

describe('webview/preview/category-labels: category names on a narrow chart axis (issue 37 item 10)', () => {
  it('labels every k-th category so that labels stand at least 14 px apart', () => {
    // Adult's 16 education values along 150 px: floor(150 / 14) = 10 labels fit, so every ceil(16 / 10) = 2nd one.
    assert.equal(labelStep(16, 150), 2);
    // Along 224 px 16 labels fit (floor(224 / 14) = 16): all of them.
    assert.equal(labelStep(16, 224), 1);
    // 14 occupations along 40 px: 2 fit, every ceil(14 / 2) = 7th; an axis shorter than one pitch still shows one.
    assert.equal(labelStep(14, 40), 7);
    assert.equal(labelStep(14, 5), 14);
  });

  it('cuts a name to the characters its margin holds, with an ellipsis, and keeps a name that fits', () => {
    // A 67 px margin less 12 px of tick and gap: floor(55 / 6.5) = 8 characters.
    assert.equal(charsIn(55), 8);
    assert.equal(charsIn(1), 3, 'never fewer than two characters and the ellipsis');
    assert.equal(cutLabel('Married-civ-spouse', 8), 'Married…');
    assert.equal(cutLabel('Sales', 8), 'Sales');
    assert.equal(cutLabel('Doctorate', 9), 'Doctorate', 'a name exactly as long as the room is whole');
  });

  it("remembers each cut name's whole text for its tooltip, and only the cut ones", () => {
    const whole = new Map<string, string>();
    const format = cutTicks(8, whole);
    assert.deepEqual(['Exec-managerial', 'Sales', 'Prof-specialty'].map(format), ['Exec-ma…', 'Sales', 'Prof-sp…']);
    assert.deepEqual(
      [...whole],
      [
        ['Exec-ma…', 'Exec-managerial'],
        ['Prof-sp…', 'Prof-specialty'],
      ],
    );
  });

  it('names every whole text behind a cut label that two names share', () => {
    const whole = new Map<string, string>();
    const format = cutTicks(8, whole);
    assert.deepEqual(['Married-civ-spouse', 'Married-spouse-absent', 'Married-civ-spouse'].map(format), [
      'Married…',
      'Married…',
      'Married…',
    ]);
    assert.equal(whole.get('Married…'), 'Married-civ-spouse or Married-spouse-absent');
  });
});
