import { column, type Column, type Table } from '../table/table.js';
import type { ClassStats } from '../criteria/criterion.js';
import { classMembers } from './class-members.js';
import type { EquivalenceClasses } from './equivalence-classes.js';

/**
 * The sensitive value frequencies of every class, sparse and packed: class `id` holds `codes[i]` (a code of the
 * sensitive column) `counts[i]` times for i in `offsets[id] .. offsets[id+1]`, values in the order they first occur in
 * the class.
 */
export interface SensitiveFrequencies {
  readonly offsets: Int32Array;
  readonly codes: Int32Array;
  readonly counts: Int32Array;
}

export function sensitiveFrequencies(classes: EquivalenceClasses, sensitive: Column): SensitiveFrequencies {
  const { offsets: memberOffsets, rows } = classMembers(classes);
  const values = sensitive.codes;
  // One counter per sensitive value, reused for every class; `touched` lists the values the current class has.
  const counter = new Int32Array(sensitive.dictionary.length);
  const touched = new Int32Array(sensitive.dictionary.length);
  const offsets = new Int32Array(classes.classCount + 1);
  const codes = new Int32Array(rows.length);
  const counts = new Int32Array(rows.length);
  // A frequency table's records count their rows.
  const weights = classes.weights;
  let out = 0;
  for (let id = 0; id < classes.classCount; id++) {
    let distinct = 0;
    for (let j = memberOffsets[id]; j < memberOffsets[id + 1]; j++) {
      const v = values[rows[j]];
      if (counter[v] === 0) touched[distinct++] = v;
      counter[v] += weights ? weights[rows[j]] : 1;
    }
    for (let t = 0; t < distinct; t++) {
      const v = touched[t];
      codes[out] = v;
      counts[out++] = counter[v];
      counter[v] = 0;
    }
    offsets[id + 1] = out;
  }
  return { offsets, codes: codes.slice(0, out), counts: counts.slice(0, out) };
}

/**
 * What a criterion reads about each class: its size and, when `sensitive` names a column, its sensitive frequencies as
 * views into one packed buffer (built once here, so that checking a criterion allocates nothing).
 */
export function classStats(table: Table, classes: EquivalenceClasses, sensitive?: string): ClassStats[] {
  const stats: ClassStats[] = [];
  if (sensitive === undefined) {
    for (let id = 0; id < classes.classCount; id++) stats.push({ size: classes.sizes[id] });
    return stats;
  }
  const f = sensitiveFrequencies(classes, column(table, sensitive));
  for (let id = 0; id < classes.classCount; id++) {
    const from = f.offsets[id];
    const to = f.offsets[id + 1];
    stats.push({
      size: classes.sizes[id],
      sensitive: { codes: f.codes.subarray(from, to), counts: f.counts.subarray(from, to) },
    });
  }
  return stats;
}
