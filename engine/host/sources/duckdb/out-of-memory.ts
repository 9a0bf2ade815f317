/**
 * Whether DuckDB refused a statement for want of memory under its limit ("Out of Memory Error: could not allocate
 * block …"): the one failure its callers answer by asking again with less beside it (one thread for a GROUP BY, the
 * COPY and its check in turn), since the answer does not depend on how it was computed.
 */
export function isOutOfMemory(error: unknown): boolean {
  return /Out of Memory/i.test(error instanceof Error ? error.message : String(error));
}
