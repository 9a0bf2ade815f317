/**
 * Guesses a CSV file's delimiter from its first lines, among `,` `;` tab `|`.
 *
 * A delimiter should split every record into the same number of fields, so each candidate is scored by how many of the
 * sampled records have as many delimiters (outside quotes) as the first record, and it must occur at least once there.
 * Ties go to the candidate splitting into more fields, then to the order above. A sample without any candidate is a
 * one-column file, for which `,` is as good as any.
 */
export const DELIMITER_CANDIDATES: readonly string[] = [',', ';', '\t', '|'];

const MAX_RECORDS = 50;

export function detectDelimiter(sample: string): string {
  const records = countPerRecord(sample);
  let best = ',';
  let bestAgreeing = 0;
  let bestCount = 0;
  DELIMITER_CANDIDATES.forEach((_, k) => {
    const first = records.length > 0 ? records[0][k] : 0;
    if (first === 0) return;
    const agreeing = records.filter((r) => r[k] === first).length;
    if (agreeing > bestAgreeing || (agreeing === bestAgreeing && first > bestCount)) {
      best = DELIMITER_CANDIDATES[k];
      bestAgreeing = agreeing;
      bestCount = first;
    }
  });
  return best;
}

/** For each record of the sample, how often each candidate occurs outside quotes. Blank lines are skipped. */
function countPerRecord(sample: string): number[][] {
  const records: number[][] = [];
  let counts = [0, 0, 0, 0];
  let empty = true;
  let quoted = false;
  for (let i = 0; i < sample.length && records.length < MAX_RECORDS; i++) {
    const ch = sample[i];
    if (quoted) {
      if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') {
      quoted = true;
      empty = false;
    } else if (ch === '\n' || ch === '\r') {
      if (!empty) records.push(counts);
      counts = [0, 0, 0, 0];
      empty = true;
    } else {
      const k = DELIMITER_CANDIDATES.indexOf(ch);
      if (k >= 0) counts[k]++;
      empty = false;
    }
  }
  // A sample cut from a longer file may end inside a record; count that record only when it is the only one.
  if (!empty && records.length === 0) records.push(counts);
  return records;
}
