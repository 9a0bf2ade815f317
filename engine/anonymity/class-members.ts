import type { EquivalenceClasses } from './equivalence-classes.js';

/**
 * The rows of every class, as compressed sparse rows: the rows of class `id` are `rows[offsets[id] .. offsets[id+1])`,
 * in increasing order. Built by one counting sort over `classOf`, so it costs two passes and no hashing. Over a
 * frequency table's classes (`weights` present) the entries are its records.
 */
export interface ClassMembers {
  readonly offsets: Int32Array;
  readonly rows: Int32Array;
}

export function classMembers(classes: EquivalenceClasses): ClassMembers {
  const { classCount, classOf } = classes;
  const offsets = new Int32Array(classCount + 1);
  if (classes.weights) for (let r = 0; r < classOf.length; r++) offsets[classOf[r] + 1]++;
  else offsets.set(classes.sizes, 1);
  for (let id = 0; id < classCount; id++) offsets[id + 1] += offsets[id];
  const next = offsets.slice(0, classCount);
  const rows = new Int32Array(classOf.length);
  for (let r = 0; r < classOf.length; r++) rows[next[classOf[r]]++] = r;
  return { offsets, rows };
}

/** The rows of class `id`, as a view into `members.rows`. */
export function rowsOfClass(members: ClassMembers, id: number): Int32Array {
  return members.rows.subarray(members.offsets[id], members.offsets[id + 1]);
}
