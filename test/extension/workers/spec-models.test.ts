import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { specModels } from '../../../extension/workers/spec-models.js';
import { visitsModel, visitsSpec } from '../fixtures.js';

describe('extension/workers/spec-models', () => {
  const path = resolve('test/e2e/workspace/visits.privspec');

  it('reads the dataset, roles, k and hierarchies of a spec', () => {
    const [d, ...rest] = specModels([{ path, text: visitsSpec }]);
    assert.equal(rest.length, 0);
    assert.equal(d.csvPath, resolve('test/e2e/workspace/data/visits.csv'));
    assert.deepEqual(d.model, { ...visitsModel, samplingFraction: undefined, spec: { uri: path, name: 'visits.privspec' } });
  });

  it('reads the levels a spec pins with `generalize`', () => {
    const text = visitsSpec.replace('anonymity { k 3 }', 'anonymity { k 3  generalize zip 1  generalize age 2 }');
    assert.deepEqual(specModels([{ path, text }])[0].model.levels, { zip: 1, age: 2 });
  });

  it('keeps what parses in a broken spec, with k from the settings when the anonymity block is missing', () => {
    const text = 'dataset d from "x.csv" { quasi a, b }\nhierarchy a: intervals 10\nrelease oops';
    const [d] = specModels([{ path, text }], 7);
    assert.deepEqual([d.model.qi, d.model.k, d.model.hierarchies.a], [['a', 'b'], 7, { kind: 'intervals', widths: [10], origin: 0 }]);
  });

  it('resolves ARX hierarchy files against the spec', () => {
    const text = 'dataset d from "data/x.csv" { quasi zip }\nhierarchy zip from "hierarchies/zip.csv"';
    assert.deepEqual(specModels([{ path, text }])[0].model.hierarchies.zip, { kind: 'arx', path: resolve('test/e2e/workspace/hierarchies/zip.csv') });
  });
});
