// `npm run bench -- preview`: the release-preview panel's server side on a 100,000-row file — opening the panel (the
// first preview: the CSV read and planned) and moving a control (the next previews: planned and drawn again). The
// page's render time (message in → charts drawn) is measured in chromium by `npm run test:browser`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpecText, nodeServices } from '../language/check-spec.js';
import { releasePreview } from '../language/lsp/preview-request.js';
import { adultDir } from '../test/helpers/adult.js';

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-bench-preview-'));
  try {
    await pramOnAdult(dir);
    const regions = ['north', 'south', 'east', 'west'];
    const lines = ['region,age,sex,answer'];
    for (let i = 0; i < 100_000; i++)
      lines.push(
        `${regions[i % 4]},${18 + ((i * 7919) % 70)},${i % 3 === 0 ? 'F' : 'M'},${i % 5 === 0 ? 'yes' : 'no'}`,
      );
    writeFileSync(join(dir, 'big.csv'), `${lines.join('\n')}\n`);
    const spec = `dataset d from "big.csv" { quasi age, sex  insensitive region, answer }
hierarchy region { "north", "south", "east", "west" -> "*" }
hierarchy answer { "yes", "no" -> "*" }
hierarchy age: intervals 5, 10, 20
hierarchy sex { "F", "M" -> "*" }
anonymity { k 5 }
budget { epsilon 1 }
release by_region: count by region  laplace epsilon 0.2
release shuffled: pram answer retain 0.8
release public: generalize  accept linked-releases "bench: previews only, nothing is published"
`;
    writeFileSync(join(dir, 'b.privspec'), spec);
    const services = nodeServices();
    const document = await loadSpecText(spec, join(dir, 'b.privspec'), services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    const time = async (release: string, controls = {}) => {
      const t0 = performance.now();
      await releasePreview(services, document, { uri: document.uri.toString(), release, controls });
      return performance.now() - t0;
    };
    const open = await time('by_region');
    const moves: number[] = [];
    for (let i = 0; i < 7; i++) moves.push(await time('by_region', { epsilon: 0.1 + 0.1 * i }));
    moves.sort((a, b) => a - b);
    console.log(
      `count by region, 100,000 rows: open (read + plan + draw) ${open.toFixed(0)} ms; control moved: median ${moves[3].toFixed(0)} ms (min ${moves[0].toFixed(0)}, max ${moves[6].toFixed(0)}); target ≤ 200 ms including the page's render`,
    );
    const pramTimes: number[] = [];
    for (let i = 0; i < 3; i++) pramTimes.push(await time('shuffled', { retain: 0.5 + 0.1 * i }));
    console.log(
      `PRAM of one attribute, 100,000 rows: control moved ${pramTimes.map((x) => x.toFixed(0)).join(', ')} ms`,
    );
    const gen = await time('public');
    const picked = await time('public', { levels: [2, 0] });
    console.log(
      `generalize (age × sex lattice, 10 nodes), 100,000 rows: open ${gen.toFixed(0)} ms; a node picked ${picked.toFixed(0)} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 37 item 9: the PRAM preview on Adult (30,162 rows, 29,910 written beside the anonymity block's generalization)
 * — the release's decision, the example draw and η estimated on a sample — open and with the retain control moved;
 * target ≤ 1 s.
 */
async function pramOnAdult(dir: string): Promise<void> {
  const a = adultDir();
  if (!a) return console.log('PRAM preview on Adult skipped: Adult data not found');
  const spec = `dataset adult from "${a}/adult.csv" {
  quasi age, sex, race, education, "marital-status"
  sensitive occupation
}
hierarchy age from "${a}/adult_hierarchy_age.csv"
hierarchy sex from "${a}/adult_hierarchy_sex.csv"
hierarchy race from "${a}/adult_hierarchy_race.csv"
hierarchy education from "${a}/adult_hierarchy_education.csv"
hierarchy "marital-status" from "${a}/adult_hierarchy_marital-status.csv"
hierarchy occupation from "${a}/adult_hierarchy_occupation.csv"
anonymity { k 5  l-diversity distinct 2 on occupation  suppression 1% }
release p: pram occupation, education retain 0.8
`;
  writeFileSync(join(dir, 'adult.privspec'), spec);
  const services = nodeServices();
  const document = await loadSpecText(spec, join(dir, 'adult.privspec'), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    await releasePreview(services, document, {
      uri: document.uri.toString(),
      release: 'p',
      controls: i === 0 ? {} : { retain: 0.5 + 0.08 * i },
    });
    times.push(performance.now() - t0);
  }
  const moved = times.slice(1).sort((x, y) => x - y);
  console.log(
    `PRAM of occupation, education on Adult (η on a sample of 500): open ${times[0].toFixed(0)} ms; retain moved: median ${moved[2].toFixed(0)} ms (max ${moved[4].toFixed(0)}); target ≤ 1000 ms`,
  );
}
