import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import type { Criterion } from '../../../engine/criteria/criterion.js';
import { tableFromRows } from '../../../engine/table/table.js';
import { problemByPath, type DataPath } from '../../helpers/data-paths.js';

/**
 * The seven records of ARX's Example1 (age, gender, zip code) with its hierarchies: ages split at 50, gender to `*`,
 * zip codes masked one digit per level.
 */
export const exampleTable = tableFromRows(
  ['age', 'gender', 'zipcode'],
  [
    ['34', 'male', '81667'],
    ['45', 'female', '81675'],
    ['66', 'male', '81925'],
    ['70', 'female', '81931'],
    ['34', 'female', '81931'],
    ['70', 'male', '81931'],
    ['45', 'male', '81931'],
  ],
  'example1',
);

export const exampleHierarchies = [
  parseArxHierarchy('34;<50;*\n45;<50;*\n66;>=50;*\n70;>=50;*\n', 'age'),
  parseArxHierarchy('male;*\nfemale;*\n', 'gender'),
  parseArxHierarchy(
    ['81667', '81675', '81925', '81931']
      .map((z) =>
        [z, `${z.slice(0, 4)}*`, `${z.slice(0, 3)}**`, `${z.slice(0, 2)}***`, `${z.slice(0, 1)}****`, '*****'].join(
          ';',
        ),
      )
      .join('\n'),
    'zipcode',
  ),
];

export function exampleProblem(criteria: Criterion[], suppression = 0, path: DataPath = 'frequencies') {
  return problemByPath(
    exampleTable,
    { qi: ['age', 'gender', 'zipcode'], hierarchies: exampleHierarchies, criteria, suppression },
    path,
  );
}
