// `npm run bench -- views`: DP views (issue 29). For Adult and two generated data sets (bench/view-datasets.ts), at
// ε ∈ {0.1, 1}: the RMSE of HDPView, PrivTree and identity on random 1-, 2- and 3-dimensional range-count workloads
// (VIEWS_QUERIES queries each, Kato et al.'s generator), their relative RMSE against HDPView and its average (ARR, the
// normalisation of Kato et al., where HDPView = 1.00), the mean relative error with the sanity bound max(true, 0.1%·n)
// of Zhang, Xiao, Xie (PrivTree, SIGMOD 2016), build time and view size (blocks).
//
// HDPView and PrivTree are built VIEWS_REPS times (default 3) with different seeds. Identity is unbiased with
// independent cell noise, so its RMSE is computed exactly as √(mean_q σ²·cells(q)) — also for domains above its cell
// limit, where the view itself is refused; where it can be built, one empirical identity view per setting gives its
// relative error, build time and size.
import { seededRandom } from '../engine/core/random.js';
import { makeBlockNoise } from '../engine/view/block-noise.js';
import { buildView } from '../engine/view/build-view.js';
import { IDENTITY_CELL_LIMIT } from '../engine/view/identity-view.js';
import {
  identityRmse,
  queryCells,
  randomRangeWorkload,
  trueAnswer,
  workloadErrors,
} from '../engine/view/view-accuracy.js';
import { domainCells } from '../engine/view/view-domain.js';
import type { DpView, ViewAlgorithm } from '../engine/view/view-types.js';
import { adultData, gaussianMixture, zipfChain, type BenchData } from './view-datasets.js';

const REPS = Number(process.env.VIEWS_REPS ?? 3);
const QUERIES = Number(process.env.VIEWS_QUERIES ?? 300);
const EPSILONS = [0.1, 1];
const KS = [1, 2, 3];

interface Errors {
  sq: number;
  rel: number;
  n: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default function run(): void {
  const datasets: BenchData[] = [adultData(), gaussianMixture(), zipfChain()];
  console.log(
    `reps ${REPS} (hdpview, privtree), ${QUERIES} queries per workload; relative error's sanity bound 0.1%·n`,
  );
  const relative: Record<string, number[]> = {};
  const meanRel: Record<string, number[]> = {};
  for (const data of datasets) {
    const workloads = KS.map((k) => randomRangeWorkload(data.input.dimensions, k, QUERIES, seededRandom(100 + k)));
    const truths = workloads.map((w) => w.map((q) => trueAnswer(data.input, q)));
    const sanity = 0.001 * data.rows;
    console.log(`\n${data.name}: ${data.rows} rows`);
    for (const epsilon of EPSILONS) {
      const rmse: Record<string, number[]> = {};
      const rel: Record<string, number[]> = {};
      for (const algorithm of ['hdpview', 'privtree', 'identity'] as ViewAlgorithm[]) {
        const buildable = algorithm !== 'identity' || domainCells(data.input.dimensions) <= IDENTITY_CELL_LIMIT;
        const reps = algorithm === 'identity' ? (buildable ? 1 : 0) : REPS;
        const errs = workloads.map((): Errors => ({ sq: 0, rel: 0, n: 0 }));
        const times: number[] = [];
        const sizes: number[] = [];
        for (let r = 0; r < reps; r++) {
          const t0 = performance.now();
          const view: DpView = buildView(data.input, { algorithm, epsilon }, seededRandom(1000 * r + 17));
          times.push(performance.now() - t0);
          sizes.push(view.blocks.length);
          workloads.forEach((w, k) => {
            const e = workloadErrors(view, w, truths[k], sanity);
            errs[k].sq += e.squared.reduce((a, b) => a + b, 0);
            errs[k].rel += e.relative.reduce((a, b) => a + b, 0);
            errs[k].n += w.length;
          });
        }
        const empirical = errs.map((e) => Math.sqrt(e.sq / e.n));
        let shown = empirical;
        rel[algorithm] = errs.map((e) => e.rel / e.n);
        if (algorithm === 'identity') {
          const sigma2 = makeBlockNoise(epsilon, 1, seededRandom(0)).variance;
          shown = workloads.map((w) => identityRmse(data.input.dimensions, w, epsilon, seededRandom(0)));
          // Without a view, the expected relative error by the normal approximation of a sum of many cells' noise:
          // E|error| = σ·√(2·cells/π).
          if (!buildable) {
            rel[algorithm] = workloads.map(
              (w, k) =>
                w.reduce(
                  (s, q, i) =>
                    s +
                    Math.sqrt((2 * sigma2 * queryCells(data.input.dimensions, q)) / Math.PI) /
                      Math.max(truths[k][i], sanity),
                  0,
                ) / w.length,
            );
          }
        }
        rmse[algorithm] = shown;
        const tail = !buildable
          ? `  rel.err ${rel[algorithm].map((x) => x.toFixed(3)).join(' / ')}  (analytic; the view is refused above ${IDENTITY_CELL_LIMIT} cells)`
          : `  rel.err ${rel[algorithm].map((x) => x.toFixed(3)).join(' / ')}  build ${median(times).toFixed(0).padStart(5)} ms  blocks ${median(sizes)}` +
            (algorithm === 'identity'
              ? `  (one empirical view: RMSE ${empirical.map((x) => x.toFixed(1)).join(' / ')})`
              : '');
        console.log(
          `  ε=${String(epsilon).padEnd(4)} ${algorithm.padEnd(9)} RMSE 1D/2D/3D ${shown.map((x) => x.toFixed(1).padStart(8)).join(' ')}${tail}`,
        );
      }
      for (const algorithm of ['hdpview', 'privtree', 'identity']) {
        const key = `${epsilon}:${algorithm}`;
        relative[key] ??= [];
        rmse[algorithm].forEach((x, k) => relative[key].push(x / rmse.hdpview[k]));
        meanRel[key] ??= [];
        meanRel[key].push(...rel[algorithm]);
      }
    }
  }
  console.log('\nARR (mean over 3 data sets × 3 workloads of RMSE / RMSE of HDPView):');
  for (const epsilon of EPSILONS) {
    const line = ['hdpview', 'privtree', 'identity'].map((a) => {
      const xs = relative[`${epsilon}:${a}`];
      return `${a} ${(xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(2)}`;
    });
    console.log(`  ε=${epsilon}: ${line.join('   ')}`);
  }
  const all = (a: string) => EPSILONS.flatMap((e) => relative[`${e}:${a}`]);
  console.log(
    `  both ε: ${['hdpview', 'privtree', 'identity'].map((a) => `${a} ${(all(a).reduce((s, x) => s + x, 0) / all(a).length).toFixed(2)}`).join('   ')}`,
  );
  console.log('Mean relative error |est − true| / max(true, 0.1%·n) over the 3 data sets × 3 workloads:');
  for (const epsilon of EPSILONS) {
    const line = ['hdpview', 'privtree', 'identity'].map((a) => {
      const xs = meanRel[`${epsilon}:${a}`];
      return `${a} ${(xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(3)}`;
    });
    console.log(`  ε=${epsilon}: ${line.join('   ')}`);
  }
}
