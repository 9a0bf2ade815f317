import { strict as assert } from 'node:assert';
import { detectDelimiter } from '../../../engine/table/detect-delimiter.js';

describe('detectDelimiter', () => {
  it('picks the candidate that splits every record alike', () => {
    assert.equal(detectDelimiter('a,b,c\n1,2,3\n'), ',');
    assert.equal(detectDelimiter('sex;age;race\nMale;39;White\n'), ';');
    assert.equal(detectDelimiter('a\tb\n1\t2\n'), '\t');
    assert.equal(detectDelimiter('a|b\n1|2\n'), '|');
  });

  it('ignores delimiters inside quotes', () => {
    // Commas appear only inside quoted fields; semicolons separate them.
    assert.equal(detectDelimiter('name;note\n"Smith, J.";"a, b, c"\n"Doe, A.";x\n'), ';');
  });

  it('prefers consistency over frequency', () => {
    // Two commas in the header but not in the records; one semicolon in every record.
    assert.equal(detectDelimiter('a,b,c;d\n1;2\n3;4\n5;6\n'), ';');
  });

  it('falls back to a comma for one column or an empty sample', () => {
    assert.equal(detectDelimiter('name\nAnn\nBob\n'), ',');
    assert.equal(detectDelimiter(''), ',');
  });

  it('uses a sample cut off mid-record', () => {
    assert.equal(detectDelimiter('a|b|c\n1|2|3\n4|5'), '|');
  });
});
