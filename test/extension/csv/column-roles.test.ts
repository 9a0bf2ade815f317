import { strict as assert } from 'node:assert';
import { columnRoles, headerHover, roleLegend } from '../../../extension/csv/column-roles.js';
import type { CsvModel } from '../../../extension/protocol.js';

describe('extension/csv/column-roles: each CSV column as the spec declares it', () => {
  const model: CsvModel = {
    qi: ['age', 'zip'],
    k: 3,
    unit: 'patient_id',
    identifying: ['name'],
    sensitive: ['diagnosis'],
    hierarchies: { age: { kind: 'intervals', widths: [10, 20] }, zip: { kind: 'arx', path: '/w/hierarchies/zip.csv' } },
    levels: { zip: 1 },
  };
  const header = ['patient_id', 'name', 'age', 'zip', 'diagnosis', 'notes'];

  it('gives identifying, unit, quasi and sensitive columns their roles; undeclared ones are identifying in effect', () => {
    assert.deepEqual(columnRoles(header, model, true), [
      'unit',
      'identifying',
      'quasi',
      'quasi',
      'sensitive',
      'undeclared',
    ]);
    // From the workspace settings only the quasi-identifiers are known: the others get no colour.
    assert.deepEqual(columnRoles(header, { qi: ['age'], k: 5, hierarchies: {}, levels: {} }, false), [
      undefined,
      undefined,
      'quasi',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('explains a header cell: role, hierarchy, pinned level, k counted in units, and the spec', () => {
    assert.equal(
      headerHover('zip', 'quasi', model, undefined, 'visits.privspec'),
      '**zip** — quasi-identifier — generalized and counted for k-anonymity\n\nhierarchy: from zip.csv (ARX format)\n\npinned at level 1 by the anonymity block\n\nk = 3, counted in distinct patient_id\n\nfrom visits.privspec',
    );
    assert.match(
      headerHover('notes', 'undeclared', model, undefined, 'visits.privspec'),
      /treated as identifying and never written/,
    );
  });

  it('a survey weight (issue 28) is coloured as identifying and explained as a weight', () => {
    const weighted: CsvModel = { ...model, weight: 'w', riskThreshold: 0.2 };
    assert.deepEqual(columnRoles(['age', 'w'], weighted, true), ['quasi', 'identifying']);
    assert.match(
      headerHover('w', 'identifying', weighted, undefined, 'survey.privspec'),
      /^\*\*w\*\* — survey weight — how many people each record stands for; .*above 0\.2 is flagged\); never written by a release/,
    );
  });

  it('the header hover carries a legend of the colours: each role present with its columns (issue 24)', () => {
    assert.equal(
      roleLegend(header, columnRoles(header, model, true)),
      'Colours by role — identifying: name · privacy unit: patient_id · quasi-identifiers: age, zip · sensitive: diagnosis · undeclared (treated as identifying): notes',
    );
    assert.equal(roleLegend(['a'], [undefined]), '');
  });
});
