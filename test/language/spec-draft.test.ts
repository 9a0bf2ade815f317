import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { parseCsv } from '../../engine/table/parse-csv.js';
import {
  datasetName,
  defaultHierarchy,
  draftColumns,
  inferType,
  nameWords,
  renderSpec,
  specName,
} from '../../language/spec-draft.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { specDatasetModels } from '../../language/lsp/csv-models.js';
import { visitsCsv } from '../extension/fixtures.js';

describe('language/spec-draft', () => {
  it('splits column names into words', () => {
    assert.deepEqual(nameWords('visitDate'), ['visit', 'date']);
    assert.deepEqual(nameWords('ZIP_code-2'), ['zip', 'code', '2']);
  });

  it('infers the narrowest type that fits every value', () => {
    assert.equal(inferType(['1', '-20', '']), 'integer');
    assert.equal(inferType(['1', '2.5']), 'decimal');
    assert.equal(inferType(['2024-01-31', '2023-2-1']), 'date');
    assert.equal(inferType(['12a']), 'text');
    assert.equal(inferType(['', ' ']), 'text');
  });

  it('quotes names that are keywords or not identifiers', () => {
    assert.deepEqual([specName('age'), specName('date'), specName('zip code')], ['age', '"date"', '"zip code"']);
    assert.deepEqual(
      [datasetName('patients-2024.csv'), datasetName('2024.csv'), datasetName('sum.csv')],
      ['patients_2024', '_2024', 'sum_data'],
    );
  });

  it('proposes default hierarchies that nest', () => {
    assert.equal(defaultHierarchy(['zip'], 'integer', ['81931', '10115']), ': mask 1, 2, 3, 5');
    assert.equal(defaultHierarchy(['age'], 'integer', ['29', '62']), ': intervals 5, 10, 20');
    // A range of 4,000 has magnitude 10^3, so the widths start at 10^2.
    assert.equal(defaultHierarchy(['weight'], 'integer', ['1000', '5000', '123']), ': intervals 100, 200, 400');
    assert.equal(defaultHierarchy(['visit', 'date'], 'date', ['2024-01-01']), ': date month, year');
    assert.equal(defaultHierarchy(['sex'], 'text', ['M', 'F', 'M']), ' { "F", "M" -> "*" }');
  });

  it('proposes roles from names and cardinalities', () => {
    const roles = draftColumns(parseCsv(visitsCsv)).map((c) => [c.name, c.type, c.role]);
    // patient_id is unique in this file, so it is a key (identifying), not a privacy unit.
    assert.deepEqual(roles, [
      ['patient_id', 'text', 'identifying'],
      ['age', 'integer', 'quasi'],
      ['sex', 'text', 'quasi'],
      ['zip', 'integer', 'quasi'],
      ['diagnosis', 'text', 'sensitive'],
    ]);
    const repeated = parseCsv('patient_id,name,income,x\nP1,Ann,10,1\nP1,Ann,20,2\nP2,Bob,30,3\n');
    assert.deepEqual(
      draftColumns(repeated).map((c) => c.role),
      ['unit', 'identifying', 'sensitive', 'insensitive'],
    );
  });

  it('renders a spec that the language server reads back into the proposed model', async () => {
    const text = renderSpec('data/visits.csv', draftColumns(parseCsv(visitsCsv)), 5);
    const [d] = specDatasetModels(await loadSpecText(text, resolve('w/visits.privspec'), nodeServices()));
    assert.equal(d.csvPath, resolve('w/data/visits.csv'));
    assert.deepEqual(d.qi, ['age', 'sex', 'zip']);
    assert.deepEqual(d.identifying, ['patient_id']);
    assert.deepEqual(d.sensitive, ['diagnosis']);
    assert.equal(d.k, 5);
    assert.deepEqual(Object.keys(d.hierarchies).sort(), ['age', 'sex', 'zip']);
    assert.deepEqual(d.generalizeReleases, ['visits_generalized']);
    assert.match(text, /release visits_generalized: generalize/);
  });
});
