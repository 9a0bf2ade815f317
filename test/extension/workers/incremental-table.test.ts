import { strict as assert } from 'node:assert';
import { checkCsv, recheckCsv } from '../../../extension/workers/csv-check.js';
import { applyChanges, isSimple, patchTable, type TextChange } from '../../../extension/workers/incremental-table.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { bigCsv } from '../big-csv.js';
import { visitsModel } from '../fixtures.js';

/** Deterministic pseudo-random numbers for the edit generator (a test needs no secure noise). */
function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

/** A random edit of the kind typing makes: retype a cell, delete or insert a line, join two lines, type a quote. */
function randomEdit(text: string, next: (n: number) => number): TextChange {
  const lines = text.split('\n');
  const line = 1 + next(Math.max(1, lines.length - 2));
  let offset = 0;
  for (let i = 0; i < line; i++) offset += lines[i].length + 1;
  const current = lines[line] ?? '';
  switch (next(6)) {
    case 0: {
      const comma = current.indexOf(',');
      return { offset: offset + comma + 1, length: 2, text: String(10 + next(80)) };
    }
    case 1:
      return { offset, length: current.length + 1, text: '' };
    case 2:
      return {
        offset,
        length: 0,
        text: `P${next(99)},${20 + next(50)},${next(2) ? 'F' : 'M'},${80000 + next(5)},Flu\n`,
      };
    case 3:
      return { offset: offset + current.length, length: 1, text: '' };
    case 4:
      return { offset: offset + next(current.length + 1), length: 0, text: '"' };
    default:
      return { offset: text.length, length: 0, text: `Q${next(9)},${30 + next(3)},F,81931,Flu\n` };
  }
}

describe('extension/workers/incremental-table', () => {
  it('applies changes one after another', () => {
    assert.equal(
      applyChanges('abcdef', [
        { offset: 1, length: 2, text: 'X' },
        { offset: 0, length: 0, text: '>' },
      ]),
      '>aXdef',
    );
  });

  it('knows which tables it can patch', () => {
    assert.equal(isSimple('a,b\n1,2\n3,4\n', parseCsv('a,b\n1,2\n3,4\n')), true);
    assert.equal(isSimple('a,b\n1,2\n\n3,4\n', parseCsv('a,b\n1,2\n\n3,4\n')), false);
    assert.equal(isSimple('a,b\r\n1,2\r\n', parseCsv('a,b\r\n1,2\r\n')), false);
    assert.equal(isSimple('a,b\n"x\ny",2\n', parseCsv('a,b\n"x\ny",2\n')), false);
  });

  it('leaves a changed header and quoted input to the parser', () => {
    const text = 'a,b\n1,2\n';
    const table = parseCsv(text);
    assert.equal(patchTable(text, 'a,c\n1,2\n', table, []), undefined);
    assert.equal(patchTable(text, 'a,b\n"1",2\n', table, []), undefined);
    assert.equal(patchTable(text, 'a,b\n1,2,3\n', table, []), undefined);
  });

  it('gives the same diagnostics as a full parse after 300 random edits', () => {
    const base =
      'patient_id,age,sex,zip,diagnosis\n' +
      bigCsv(300)
        .split('\n')
        .slice(1)
        .map((l) => {
          const [id, age, sex, zip, d] = l.split(',');
          return l === '' ? '' : `P${id},${(Number(age) % 5) + 30},${sex},${81930 + (Number(zip) % 3)},${d}`;
        })
        .join('\n');
    const next = lcg(7);
    const start = checkCsv(base, undefined, visitsModel, 50).state;
    let state = start;
    let patched = 0;
    for (let i = 0; i < 300; i++) {
      // Ten runs of 30 edits, each from the original text: a quote that makes a record span lines (no longer patchable)
      // then ends only its own run of the fast path.
      if (i % 30 === 0) state = start;
      const change = randomEdit(state.text, next);
      const text = applyChanges(state.text, [change]);
      let full: ReturnType<typeof checkCsv> | Error;
      try {
        full = checkCsv(text, undefined, visitsModel, 50);
      } catch (e) {
        full = e as Error;
      }
      let incremental: ReturnType<typeof checkCsv> | Error;
      try {
        // Every third edit comes as two changes (the second one empty), which takes the text-comparing path.
        const changes = i % 3 === 0 ? [change, { offset: 0, length: 0, text: '' }] : [change];
        incremental = recheckCsv(state, changes, undefined, visitsModel, 50);
      } catch (e) {
        incremental = e as Error;
      }
      if (full instanceof Error || incremental instanceof Error) {
        // A malformed edit fails both ways with the same message; the next edit starts again from the last good text.
        assert.equal((incremental as Error).message, (full as Error).message);
        continue;
      }
      if (incremental.state.indexes) patched++;
      const strip = (r: typeof full.result) => ({ ...r, elapsedMs: 0 });
      assert.deepEqual(strip(incremental.result), strip(full.result), `edit ${i}: ${JSON.stringify(change)}`);
      state = incremental.state;
    }
    // Most edits must take the fast path, or the test is not testing it.
    assert.ok(patched > 150, `only ${patched} of 300 edits were patched`);
  });
});
