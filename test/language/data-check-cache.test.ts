import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { NodeFileSystem } from 'langium/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import { loadSpecText } from '../../language/check-spec.js';
import { dataCheckCache } from '../../language/data-check-cache.js';
import { createPrivspecServices } from '../../language/privspec-module.js';
import { SEARCH_CATEGORY } from '../../language/privspec-validator.js';
import { adultDirOrSkip } from '../helpers/adult.js';

/** A spec naming Adult (issue 37, item 3): five quasi-identifiers with ARX's hierarchies, a k and an ℓ to check. */
function adultSpec(options: { top?: string; k?: number; release?: string } = {}): string {
  return `${options.top ?? ''}dataset adult from "adult.csv" {
  quasi age, sex, race, education, "marital-status"
  sensitive occupation
}
hierarchy age from "adult_hierarchy_age.csv"
hierarchy sex from "adult_hierarchy_sex.csv"
hierarchy race from "adult_hierarchy_race.csv"
hierarchy education from "adult_hierarchy_education.csv"
hierarchy "marital-status" from "adult_hierarchy_marital-status.csv"
anonymity { k ${options.k ?? 5}  l-diversity distinct 2 on occupation  suppression 1% }
budget { epsilon 1  delta 1e-6 }
release by_sex: ${options.release ?? 'count by sex laplace epsilon 0.1'}
`;
}

const textOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const codeOf = (d: Diagnostic) => (d.data as { code?: string } | undefined)?.code ?? String(d.code);

describe('data checks cached by what they read (issue 37: typing on Adult)', function () {
  let dir: string;
  before(function () {
    dir = adultDirOrSkip(this);
  });

  it('an edit of a release line reads no table and runs no scan; an edit of the anonymity block scans again', async () => {
    const services = createPrivspecServices(NodeFileSystem).Privspec;
    const store = services.data.CsvStore;
    // Every read of the data the scans make goes through these three (a CSV's table, a source's frequency table or
    // blank-unit count); the store caches the rows, but a call means the scans ran over them again.
    let reads = 0;
    const table = store.table.bind(store);
    const frequencies = store.frequencies.bind(store);
    const blankUnits = store.blankUnits.bind(store);
    store.table = (...a) => (reads++, table(...a));
    store.frequencies = (...a) => (reads++, frequencies(...a));
    store.blankUnits = (...a) => (reads++, blankUnits(...a));
    const cache = dataCheckCache(store);
    const path = join(dir, 'typing-cache-test.privspec');
    const validate = async (text: string) => {
      const document = await loadSpecText(text, path, services);
      return services.validation.DocumentValidator.validateDocument(document, {
        categories: ['built-in', 'fast', 'slow', SEARCH_CATEGORY],
      });
    };

    const first = await validate(adultSpec());
    const kWarning = first.find((d) => codeOf(d) === 'k-anonymity-violated');
    assert.ok(kWarning, `a k-anonymity warning on Adult as it stands: ${first.map(codeOf).join(', ')}`);
    assert.ok(
      first.some((d) => codeOf(d) === 'optimal-transformation'),
      'the search hint',
    );
    assert.ok(reads >= 2, `the first validation reads the table for the scans and the search (${reads})`);
    const evaluations = cache.evaluations;
    assert.equal(evaluations, 2, 'one scan for the data checks, one for the search');

    // Typing in the release line: each state of it a validation, as the editor validates after each keystroke.
    reads = 0;
    const states = [
      'count by sex laplace epsilon 0.2',
      'count by sex laplace epsilon 0.25',
      'count by race laplace epsilon 0.25',
      'count by race',
      'count by race gaussian epsilon 0.5 delta 1e-9',
    ];
    for (const release of states) {
      const after = await validate(adultSpec({ release }));
      assert.deepEqual(
        after.filter((d) => codeOf(d) === 'k-anonymity-violated'),
        [kWarning],
        `the k warning replayed, same text and place, after '${release}'`,
      );
      assert.ok(
        after.some((d) => codeOf(d) === 'optimal-transformation'),
        `the hint replayed after '${release}'`,
      );
    }
    assert.equal(reads, 0, 'no read of the data after the first validation');
    assert.equal(cache.evaluations, evaluations, 'no scan after the first validation');
    assert.equal(cache.hits, 2 * states.length);

    // δ against n reads the release line: it is checked at each validation, with n = 30,162 from the first scan.
    const delta = await validate(adultSpec({ release: 'count by race gaussian epsilon 0.5 delta 0.0001' }));
    const deltaError = delta.find((d) => textOf(d).startsWith('δ=0.0001'));
    assert.ok(deltaError, 'δ = 1e-4 ≥ 1/30162 ≈ 3.32e-5 is refused');
    assert.match(textOf(deltaError), /1\/30162/);
    assert.equal(cache.evaluations, evaluations);

    // Lines added above the dataset move every node; the replayed warning moves with its clause.
    const moved = await validate(adultSpec({ top: '// Adult, as ARX ships it\n\n' }));
    const movedWarning = moved.find((d) => codeOf(d) === 'k-anonymity-violated')!;
    assert.equal(movedWarning.range.start.line, kWarning.range.start.line + 2);
    assert.equal(movedWarning.message, kWarning.message);
    assert.equal(cache.evaluations, evaluations, 'a comment above is no part of the key');

    // An edit of the anonymity block is an edit of what the scans read: they run again and say so.
    reads = 0;
    const k10 = await validate(adultSpec({ k: 10 }));
    assert.ok(reads >= 1, 'the scans read the table again');
    assert.equal(cache.evaluations, evaluations + 2);
    assert.ok(
      k10.some((d) => codeOf(d) === 'k-anonymity-violated' && textOf(d).includes('violates 10-anonymity')),
      'the warning states the new k',
    );
  });
});
