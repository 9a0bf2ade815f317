/**
 * The hardest inputs of each page for the layout test: long category names, five-digit numbers, a 19 × 19 PRAM matrix
 * (the newcomer tour's unreadable case), a 512² grid whose draw has noise outliers, a risk report with many class
 * sizes.
 */
import type { ReleasePreview } from '../../extension/preview/preview-protocol.js';
import type { RiskReport } from '../../extension/protocol.js';
import { aggregateAt, generalize, grid, mode, view } from './preview-fixtures.js';
import { seededRandom } from '../../engine/core/random.js';
import { viewPreview } from '../../engine/preview/view-preview.js';
import { planRelease } from '../../engine/release/plan-release.js';
import { tableFromRows } from '../../engine/table/table.js';

const diagnoses = [
  'influenza',
  'common cold',
  'asthma',
  'chronic obstructive pulmonary disease',
  'pneumonia',
  'bronchitis',
  'sinusitis',
  'tonsillitis',
  'otitis media',
  'gastroenteritis',
  'urinary tract infection',
  'migraine',
  'hypertension',
  'type 2 diabetes mellitus',
  'hyperlipidaemia',
  'depression',
  'generalised anxiety disorder',
  'low back pain',
  'osteoarthritis of the knee',
];

/** A count by a long-named region: the chart's labels and the table's cells must not widen the page. */
export function wideAggregate(): ReleasePreview {
  const a = aggregateAt(0.4);
  if (a.body.kind !== 'aggregate') throw new Error('aggregate fixture');
  const cells = diagnoses.map((label, i) => ({
    label,
    truth: 125000 + 1000 * i,
    draw: 125013 + 1000 * i,
    error95: 7.49,
  }));
  return { ...a, body: { ...a.body, cells, cellsShown: cells.length, cellsTotal: cells.length } };
}

export function wideMode(): ReleasePreview {
  const m = mode();
  if (m.body.kind !== 'mode') throw new Error('mode fixture');
  const candidates = diagnoses.map((label, i) => ({
    label,
    score: 20000 - 900 * i,
    probability: 1 / diagnoses.length,
  }));
  return { ...m, body: { ...m.body, candidates, draw: diagnoses[3] } };
}

/** 19 diagnoses under retention 0.6: 0.6 + 0.4/19 on the diagonal, 0.4/19 elsewhere. */
export function widePram(): ReleasePreview {
  const n = diagnoses.length;
  const keep = 0.6 + 0.4 / n;
  const move = 0.4 / n;
  const matrix = diagnoses.map((_, i) => diagnoses.map((__, j) => (i === j ? keep : move)));
  const before = diagnoses.map((_, i) => 1000 + 500 * i);
  const expected = diagnoses.map((_, j) => before.reduce((s, b, i) => s + b * matrix[i][j], 0));
  const band = expected.map((e) => Math.sqrt(20 * e * 0.3));
  return {
    spec: '/w/visits.privspec',
    release: 'diagnosis_pram',
    kind: 'pram',
    controls: [{ name: 'retain', label: 'retain probability', value: 0.6, min: 0.05, max: 0.99, log: false }],
    body: {
      kind: 'pram',
      attributes: [
        {
          name: 'diagnosis',
          labels: diagnoses,
          matrix,
          epsilon: Math.log(keep / move),
          before,
          expected,
          band,
          draw: expected.map((e) => Math.round(e)),
        },
      ],
      combinedEpsilon: Math.log(keep / move),
      highestRisk: 0.42,
    },
    notes: [],
    elapsedMs: 20,
  };
}

/**
 * Adult's education (UCI Adult, adult.data: 32,561 records) and its counts there, largest first: the PRAM a newcomer
 * previews on Adult, 16 values with names up to 12 characters.
 */
const adultEducation: [string, number][] = [
  ['HS-grad', 10501],
  ['Some-college', 7291],
  ['Bachelors', 5355],
  ['Masters', 1723],
  ['Assoc-voc', 1382],
  ['11th', 1175],
  ['Assoc-acdm', 1067],
  ['10th', 933],
  ['7th-8th', 646],
  ['Prof-school', 576],
  ['9th', 514],
  ['12th', 433],
  ['Doctorate', 413],
  ['5th-6th', 333],
  ['1st-4th', 168],
  ['Preschool', 51],
];

/** PRAM of Adult's education under retention 0.6: 0.6 + 0.4/16 = 0.625 on the diagonal, 0.4/16 = 0.025 elsewhere. */
export function adultPram(): ReleasePreview {
  const p = widePram();
  if (p.body.kind !== 'pram') throw new Error('pram fixture');
  const labels = adultEducation.map(([l]) => l);
  const n = labels.length;
  const keep = 0.6 + 0.4 / n;
  const move = 0.4 / n;
  const matrix = labels.map((_, i) => labels.map((__, j) => (i === j ? keep : move)));
  const before = adultEducation.map(([, c]) => c);
  const expected = labels.map((_, j) => before.reduce((s, b, i) => s + b * matrix[i][j], 0));
  const band = expected.map((e) => Math.sqrt(20 * e * 0.3));
  return {
    ...p,
    spec: '/w/adult.privspec',
    release: 'education_pram',
    body: {
      ...p.body,
      attributes: [
        {
          name: 'education',
          labels,
          matrix,
          epsilon: Math.log(keep / move),
          before,
          expected,
          band,
          draw: expected.map(Math.round),
        },
      ],
      combinedEpsilon: Math.log(keep / move),
    },
  };
}

/** Adult's occupations and marital statuses: the long category names a view over Adult labels its axes with. */
const occupations = [
  'Prof-specialty',
  'Craft-repair',
  'Exec-managerial',
  'Adm-clerical',
  'Sales',
  'Other-service',
  'Machine-op-inspct',
  'Transport-moving',
  'Handlers-cleaners',
  'Farming-fishing',
  'Tech-support',
  'Protective-serv',
  'Priv-house-serv',
  'Armed-Forces',
];
const maritalStatuses = [
  'Married-civ-spouse',
  'Never-married',
  'Divorced',
  'Separated',
  'Widowed',
  'Married-spouse-absent',
  'Married-AF-spouse',
];

/**
 * A view over Adult's dimensions (age 17–90, education, occupation, marital status) built by the engine on 5,000
 * records drawn with Adult's education counts and skewed occupations: two categorical axes of 14 and 16 long names.
 */
export async function adultView(): Promise<ReleasePreview> {
  const v = await view();
  const rng = seededRandom(37);
  const u = () => rng.nextUint32() / 2 ** 32;
  const total = adultEducation.reduce((s, [, c]) => s + c, 0);
  const pick = (): string => {
    let x = u() * total;
    for (const [l, c] of adultEducation) if ((x -= c) < 0) return l;
    return adultEducation[0][0];
  };
  const rows = Array.from({ length: 5000 }, () => [
    String(17 + Math.min(73, Math.floor(u() * 40 + u() * 34))),
    pick(),
    occupations[Math.min(occupations.length - 1, Math.floor(u() ** 2 * occupations.length))],
    maritalStatuses[Math.min(maritalStatuses.length - 1, Math.floor(u() ** 3 * maritalStatuses.length))],
  ]);
  const table = tableFromRows(['age', 'education', 'occupation', 'marital-status'], rows);
  const description = {
    name: 'explore',
    query: {
      kind: 'view' as const,
      dimensions: [
        { column: 'age', low: 17, high: 90 },
        { column: 'education' },
        { column: 'occupation' },
        { column: 'marital-status' },
      ],
    },
    mechanism: { kind: 'hdpview' as const, epsilon: 1 },
    accepts: [],
  };
  const plan = planRelease(description, {
    budget: { accounting: 'pure', epsilon: 2 },
    declaredDomains: new Set(['education', 'occupation', 'marital-status']),
    domains: new Map([
      ['education', adultEducation.map(([l]) => l)],
      ['occupation', occupations],
      ['marital-status', maritalStatuses],
    ]),
    rng,
    roles: {
      identifying: [],
      quasi: ['age', 'education', 'occupation', 'marital-status'],
      sensitive: [],
      insensitive: [],
    },
  });
  return { ...v, body: await viewPreview(table, plan, { rng, runs: 2 }), notes: plan.measurement?.notes ?? [] };
}

/** The 60-node lattice with long column names and values in the sample rows. */
export function wideGeneralize(): ReleasePreview {
  const g = generalize();
  if (g.body.kind !== 'generalize') throw new Error('generalize fixture');
  return {
    ...g,
    body: {
      ...g.body,
      sample: {
        header: ['age', 'sex', 'zip'],
        before: [['34', 'F', '45766 Lower Saxony, rural district of Göttingen']],
        after: [['30-39', 'F', '457** Lower Saxony']],
      },
    },
  };
}

/**
 * Adult's lattice over six of its quasi-identifiers with their ARX hierarchies' heights (age 4, education 3,
 * marital-status 2, race 1, sex 1, workclass 2): 5 · 4 · 3 · 2 · 2 · 3 = 720 nodes, the widest height 105 nodes.
 * Validity as a monotone model gives it (height ≥ 5, or age ≥ 3 and height ≥ 4); the search checked the nodes next to
 * that boundary and inferred the rest.
 */
export function adultGeneralize(): ReleasePreview {
  const g = generalize();
  if (g.body.kind !== 'generalize') throw new Error('generalize fixture');
  const columns = ['age', 'education', 'marital-status', 'race', 'sex', 'workclass'];
  const heights = [4, 3, 2, 1, 1, 2];
  const lattice = [];
  const optimum = [3, 1, 0, 0, 0, 0];
  for (let id = 0; id < 720; id++) {
    const levels: number[] = [];
    let rest = id;
    for (const h of heights) {
      levels.push(rest % (h + 1));
      rest = Math.floor(rest / (h + 1));
    }
    const sum = levels.reduce((a, b) => a + b, 0);
    lattice.push({
      levels,
      satisfied: sum >= 5 || (levels[0] >= 3 && sum >= 4),
      loss: 1000 * sum + levels[0],
      optimal: levels.every((l, i) => l === optimum[i]),
      checked: sum === 4 || sum === 5,
    });
  }
  return {
    ...g,
    body: {
      ...g.body,
      columns,
      heights,
      lattice,
      latticeComplete: true,
      optimum,
      selected: [4, 2, 1, 0, 1, 1],
      levelMeaning: columns.map((c, i) => `${c} ${[4, 2, 1, 0, 1, 1][i]} of ${heights[i]}`),
      sample: {
        header: columns,
        before: [['39', 'Bachelors', 'Never-married', 'White', 'Male', 'State-gov']],
        after: [['*', 'Higher education', 'Spouse not present', 'White', '*', 'Government']],
      },
    },
  };
}

/** A 512² grid whose draw has a few cells of +5,000 noise: the exact map must keep its own scale. */
export function wideGrid(): ReleasePreview {
  const g = grid(512);
  if (g.body.kind !== 'grid') throw new Error('grid fixture');
  const draw = [...g.body.draw];
  for (let i = 0; i < draw.length; i += 9973) draw[i] += 5000;
  return { ...g, body: { ...g.body, draw } };
}

export function riskReport(): RiskReport {
  const histogram: [number, number][] = Array.from({ length: 60 }, (_, i) => [i + 1, Math.max(1, 4000 - 60 * i)]);
  const requirements = [
    {
      name: 'distinct-3-diversity on diagnosis',
      required: 'at least 3 distinct diagnoses in every class',
      measured: 'distinct ℓ 1',
      failingClasses: 11234,
      failingRows: 15123,
      met: false,
    },
  ];
  return {
    source: 'examples/a-rather-long-folder-name/patients-2024-with-visits-and-diagnoses.csv',
    rows: 21062,
    qi: ['age', 'sex', 'zip', 'visit_date_of_first_admission'],
    unit: 'patient_id',
    persons: 20000,
    levels: { age: 1, zip: 2 },
    k: 3,
    classes: 15234,
    sampleUniques: 12345,
    averageRisk: 0.7123,
    highestRisk: 1,
    classSizeHistogram: histogram,
    kViolations: { k: 3, records: 15123, classes: 11234 },
    populationUniqueness: { model: 'Pitman', samplingFraction: 0.01, estimate: 0.2 },
    lDiversity: [{ sensitive: 'diagnosis_with_a_long_name', distinctL: 1, entropyL: 1, classesWithOneValue: 11234 }],
    requirements,
    after: {
      basis: 'optimal',
      levels: [
        { column: 'age', level: 2, height: 4, example: '34 → 30-39' },
        { column: 'visit_date_of_first_admission', level: 3, height: 3, example: '2024-03-15 → *' },
      ],
      suppressed: 1234,
      rows: 19828,
      classes: 240,
      sampleUniques: 0,
      averageRisk: 0.011,
      highestRisk: 0.33,
      classSizeHistogram: histogram.slice(2),
      requirements: requirements.map((r) => ({ ...r, failingClasses: 0, failingRows: 0, met: true })),
    },
    riskiestCombinations: [
      { columns: ['age', 'zip', 'visit_date_of_first_admission'], sampleUniques: 12000, classes: 14000 },
    ],
  };
}
