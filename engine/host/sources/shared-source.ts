/**
 * The source one run reads its dataset through, opened at most once (issue 35: a Parquet generalize release opened
 * DuckDB six times — the checker's header and frequency table, two blank-unit counts, the runner's column names and the
 * stream). It is opened on first use, so a run that never asks it (a CSV read in memory, a spec refused before its
 * data is read) never opens it, and a path that cannot be opened is reported by the first reader in its own words. It
 * is lent to every reader of that path (`opener`), whose close does nothing, and closed by the run at its end.
 */
import type { DataSource } from '../../source/data-source.js';
import { lentSource, openSourceAfresh, type OpenDataSource, type OpenOptions } from './open-data-source.js';

export class SharedSource {
  private opened?: Promise<DataSource>;

  constructor(
    readonly path: string,
    private readonly options: OpenOptions = {},
    private readonly open: OpenDataSource = openSourceAfresh,
  ) {}

  /** The source, opened on the first call. A failed open is not kept: the next reader tries again and says why. */
  get(): Promise<DataSource> {
    if (!this.opened) {
      const opening = this.open(this.path, this.options);
      this.opened = opening;
      opening.catch(() => {
        if (this.opened === opening) this.opened = undefined;
      });
    }
    return this.opened;
  }

  /**
   * An opener that lends this source for its path and opens any other path afresh. A reader that names the same path
   * with another delimiter is lent it too: the run's delimiter is the spec's, which every reader of the run is given.
   */
  readonly opener: OpenDataSource = async (path, options) =>
    path === this.path ? lentSource(await this.get()) : this.open(path, options);

  /** Closes the source if it was opened. */
  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    if (opened) await (await opened.catch(() => undefined))?.close();
  }
}
