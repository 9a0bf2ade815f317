import { strict as assert } from 'node:assert';
import { EmptyFileSystem } from 'langium';
import { parseHelper } from 'langium/test';
import type * as ast from '../../language/generated/ast.js';
import { boxesOverlap } from '../../engine/release/box-overlap.js';
import { analyzeSpec } from '../../language/privspec-analysis.js';
import { createPrivspecServices } from '../../language/privspec-module.js';
import type { Box, Constraint } from '../../engine/release/release-description.js';

const services = createPrivspecServices(EmptyFileSystem).Privspec;
const parse = parseHelper<ast.Spec>(services);

const box = (c: Constraint): Box => new Map([['age', [c]]]);
const range = (low: number | string, high: number | string): Box => box({ kind: 'range', low, high });
const set = (...values: (number | string)[]): Box => box({ kind: 'set', values });

/*
 * Two `where` regions may compose in parallel only when no cell satisfies both. The cells below are hand-checked
 * against release-compute's matching: "35" is in 30..40 (Number("35") = 35), in "30".."40" ("30" ≤ "35" ≤ "40" as
 * text), in "3".."4", in {35} and in {"35"}; "035" is in {"035"} and in {35} (Number("035") = 35).
 */
describe('where regions: overlap as release-compute matches cells', () => {
  it('a number constraint and a text constraint that hold the same cell overlap', () => {
    assert.equal(boxesOverlap(range(30, 40), range('30', '40')), true);
    assert.equal(boxesOverlap(set(35), set('35')), true);
    assert.equal(boxesOverlap(set(35), range('3', '4')), true);
    assert.equal(boxesOverlap(range(30, 40), set('35')), true);
    assert.equal(boxesOverlap(set('035'), set(35)), true);
  });

  it('regions that no cell can share stay disjoint', () => {
    assert.equal(boxesOverlap(range(30, 40), range(41, 50)), false);
    assert.equal(boxesOverlap(range('a', 'b'), range('c', 'd')), false);
    assert.equal(boxesOverlap(set(35), set(36)), false);
    // Number("x") is NaN, so the cell "x" is in no numeric range.
    assert.equal(boxesOverlap(range(30, 40), set('x')), false);
    assert.equal(boxesOverlap(set('36'), set(35)), false);
  });

  it('charges both releases when a number range and a text range read the same rows', async () => {
    const document = await parse(`dataset d from "d.csv" { quasi age }
budget { epsilon 1 }
release a: count where age in 30..40 laplace epsilon 0.6
release b: count where age in "30".."40" laplace epsilon 0.6`);
    const analysis = analyzeSpec(document.parseResult.value, '/spec.privspec');
    // Hand-computed: the row age = 35 is read by both, so sequential composition: 0.6 + 0.6 = 1.2 > 1, an overrun.
    assert.deepEqual(analysis.summary.spent, { epsilon: 1.2 });
    assert.ok(analysis.summary.releases[1].overrun, 'the second release overruns the budget');
  });
});
