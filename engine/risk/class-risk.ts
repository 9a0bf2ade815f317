/**
 * The prosecutor risk of a partition as every risk figure counts it: the one function behind `privspec risk`, the
 * editor's Risk Report (before and after), its hover and the generalize preview, so that none of them can count rows
 * where another counts people.
 *
 * With a privacy unit a class's size is the number of distinct units with a row in it, since rows of one person do not
 * hide each other ((X,Y)-anonymity with Y the unit: Wang & Fung, "Anonymizing sequential releases", KDD 2006); a
 * person's prosecutor risk in a class is then 1/(people in it) (El Emam & Dankar, JAMIA 15(5), 2008). Without a unit
 * the size is the class's rows.
 */
import type { EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import { distinctUnitsPerClass } from '../anonymity/distinct-units.js';
import { classSizeHistogram, type ClassSizeHistogram } from './class-size-histogram.js';
import { prosecutorRisk, type ProsecutorRisk } from './prosecutor-risk.js';

/** The unit's code of each entry the classes index (a row, or a frequency table's record) and how many units exist. */
export interface UnitCodes {
  readonly codes: ArrayLike<number>;
  readonly cardinality: number;
}

export interface ClassRisk {
  /** Class id → its size as counted (persons with a unit, rows otherwise); 0 for a class not kept. */
  readonly sizes: Int32Array;
  readonly histogram: ClassSizeHistogram;
  readonly prosecutor: ProsecutorRisk;
}

/**
 * The classes' sizes, histogram and prosecutor risk, counting the units of `unit` when given, over the classes `kept`
 * marks with 1 (all when absent): a release's suppressed classes leave no record to re-identify.
 */
export function classRisk(classes: EquivalenceClasses, unit?: UnitCodes, kept?: ArrayLike<number>): ClassRisk {
  const measured = unit ? distinctUnitsPerClass(classes, unit.codes, unit.cardinality) : classes.sizes;
  const sizes = new Int32Array(classes.classCount);
  for (let id = 0; id < classes.classCount; id++) sizes[id] = kept === undefined || kept[id] ? measured[id] : 0;
  // The histogram ignores the zero sizes of the classes not kept.
  const histogram = classSizeHistogram(sizes);
  return { sizes, histogram, prosecutor: prosecutorRisk(histogram) };
}
