/**
 * Each requirement of a spec's anonymity block measured on equivalence classes, for the risk report's "met / not met":
 * the table's value of the model's own measure (the smallest class, the smallest distinct or entropy ℓ, the largest
 * recursive ratio r₁/tail; Machanavajjhala et al., ACM TKDD 1(1), 2007; the largest Earth Mover's Distance for
 * t-closeness, Li et al., ICDE 2007) and the classes and rows that fail it. The criteria are bound to the table by the
 * one `bindCriteria` the generalize release's search uses, so "met" here is "passes" there.
 */
import { classStats } from '../anonymity/class-stats.js';
import type { EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import { bindCriteria } from '../criteria/bind-criteria.js';
import type { Criterion } from '../criteria/criterion.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { criterionSpec, type CriterionSpec } from '../criteria/criterion-spec.js';
import { column, type Table } from '../table/table.js';
import type { RequirementCheck } from './risk-report-figures-types.js';
import { pluralWord } from '../core/plural.js';

const fmt = (x: number) => (Number.isFinite(x) ? String(Number(x.toPrecision(3))) : '∞');

/** What the requirement asks, in words: `k ≥ 3 distinct patient_id`, `entropy ℓ ≥ 2 on diagnosis`. */
function required(s: CriterionSpec | undefined, name: string): string {
  if (!s) return name;
  if (s.kind === 'k-anonymity') return `k ≥ ${s.k}${s.unit ? ` distinct ${s.unit}` : ' rows'} per class`;
  if (s.kind === 't-closeness')
    return `${s.distance}-distance EMD ≤ ${s.t} on ${s.sensitive} from its overall distribution in every class`;
  if (s.variant === 'recursive')
    return `recursive (c=${s.c}, ℓ=${s.l}) on ${s.sensitive}: r₁ < c·(r_ℓ+…+r_m) in every class`;
  return `${s.variant} ℓ ≥ ${s.l} on ${s.sensitive} in every class`;
}

/**
 * Each criterion measured on the classes (those with `keep[id]` set, when given). "Met" means no class fails.
 * Failing rows are rows (what suppression removes), whatever the criterion counts.
 */
export function checkRequirements(
  table: Table,
  classes: EquivalenceClasses,
  criteria: readonly Criterion[],
  keep?: Uint8Array,
  hierarchies?: ReadonlyMap<string, Hierarchy>,
): RequirementCheck[] {
  const bound = bindCriteria(
    criteria,
    (name) => column(table, name),
    (name) => hierarchies?.get(name),
  );
  return bound.map((criterion) => {
    const s = criterionSpec(criterion);
    const closeness = s?.kind === 't-closeness';
    // ℓ-diversity's measure is its ℓ; t-closeness's is its distance, the larger the worse.
    const own = criterion as Criterion & {
      measure?: (c: ReturnType<typeof classStats>[number]) => number;
      distance?: (c: ReturnType<typeof classStats>[number]) => number;
    };
    const measure = closeness ? own.distance : own.measure;
    const stats = classStats(table, classes, criterion.sensitive);
    const recursive = s?.kind === 'l-diversity' && s.variant === 'recursive';
    const largest = recursive || closeness;
    let worst = largest ? -Infinity : Infinity;
    let failingClasses = 0;
    let failingRows = 0;
    stats.forEach((c, id) => {
      if (keep && !keep[id]) return;
      const m = measure ? measure.call(criterion, c) : c.size;
      worst = largest ? Math.max(worst, m) : Math.min(worst, m);
      if (!criterion.isSatisfied(c)) {
        failingClasses++;
        failingRows += c.size;
      }
    });
    const unit = s?.kind === 'k-anonymity' ? s.unit : undefined;
    const measured =
      s?.kind === 'k-anonymity'
        ? `smallest class: ${fmt(worst)} ${unit ? `distinct ${unit}` : pluralWord(worst, 'row')}`
        : recursive
          ? `largest r₁/(r_ℓ+…+r_m): ${fmt(worst)}`
          : closeness
            ? `largest distance: ${fmt(worst)}`
            : `smallest ${s?.kind === 'l-diversity' ? s.variant : ''} ℓ: ${fmt(worst)}`;
    return {
      name: criterion.name,
      required: required(s, criterion.name),
      measured,
      failingClasses,
      failingRows,
      met: failingClasses === 0,
    };
  });
}
