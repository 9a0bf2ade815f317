/**
 * A report file's cell at fault: its 0-based data row, the line its record starts on when the reader knows it, and the
 * cause; the caller places it in its file.
 */
export class ReportError extends Error {
  constructor(
    readonly row: number,
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}
