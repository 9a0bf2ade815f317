import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { kAnonymityViolations } from '../../../engine/anonymity/k-anonymity-report.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { validateHierarchy } from '../../../engine/hierarchy/validate-hierarchy.js';
import { column, tableFromRows, type Table } from '../../../engine/table/table.js';
import { ADULT_MISSING, skipOrFail } from '../../helpers/adult.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = process.env.PRIVSPEC_ADULT_DIR ?? join(repoRoot, '..', 'shared', 'data', 'adult');
const present = existsSync(join(dir, 'adult.csv'));

/** Adult is `;`-separated without quoting, so a plain split reads it, independently of the product's CSV parser. */
function loadAdult(): Table {
  const lines = readFileSync(join(dir, 'adult.csv'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  return tableFromRows(
    lines[0].split(';'),
    lines.slice(1).map((l) => l.split(';')),
    'adult.csv',
  );
}

describe('equivalence classes on Adult', function () {
  let adult: Table;
  before(function () {
    if (!present) skipOrFail(this, ADULT_MISSING);
    adult = loadAdult();
  });

  it('has 19,502 classes, 15,512 of them unique, over all nine attributes at level 0', () => {
    // Reference: the contract's `privspec risk` example on Adult (classes 19502, sampleUniques 15512, 30,162 rows).
    const qi = adult.columns.map((c) => c.name);
    assert.equal(adult.rowCount, 30162);
    const classes = equivalenceClasses(adult, qi);
    assert.equal(classes.classCount, 19502);
    assert.equal(kAnonymityViolations(classes, 2).classes, 15512);
    assert.equal(
      classes.sizes.reduce((a, b) => a + b, 0),
      30162,
    );
  });

  it('finds every ARX hierarchy consistent and covering its column', () => {
    for (const c of adult.columns) {
      const path = join(dir, `adult_hierarchy_${c.name}.csv`);
      const h = parseArxHierarchy(readFileSync(path, 'utf8'), path);
      assert.deepEqual(validateHierarchy(h, column(adult, c.name)), [], c.name);
      assert.deepEqual(bindHierarchy(h, c).missing, [], c.name);
    }
  });

  it('merges every row into one class at the top of every hierarchy', () => {
    const hierarchies = adult.columns.map((c) => {
      const path = join(dir, `adult_hierarchy_${c.name}.csv`);
      return bindHierarchy(parseArxHierarchy(readFileSync(path, 'utf8'), path), c).bound;
    });
    const classes = equivalenceClasses(
      adult,
      adult.columns.map((c) => c.name),
      { hierarchies, levels: hierarchies.map((h) => h.height) },
    );
    assert.deepEqual([...classes.sizes], [30162]);
  });
});
