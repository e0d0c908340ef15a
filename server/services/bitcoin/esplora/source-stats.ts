/**
 * What each chain source has done since the server started, for `/metrics`
 * (`termvest_chain_source_errors_total{source}`, `termvest_chain_tip_height{source}`, `source`
 * being the configured base URL). Plain counts in memory, written by the chain reader and read at
 * scrape time by server/http/metrics.ts, so this layer needs no metrics library.
 */
export interface ChainSourceFigures {
  source: string;
  /** Reads that failed (down, slow, garbage) since the server started. */
  errors: number;
  /** The best block height the source last reported; null before its first answer. */
  tipHeight: number | null;
}

export class ChainSourceStats {
  private readonly figures = new Map<string, ChainSourceFigures>();

  constructor(sources: readonly string[]) {
    for (const source of sources) this.figures.set(source, { source, errors: 0, tipHeight: null });
  }

  recordError(source: string): void {
    this.entry(source).errors++;
  }

  recordTip(source: string, height: number): void {
    this.entry(source).tipHeight = height;
  }

  /** Every configured source, in the configured order, with its counts so far. */
  snapshot(): ChainSourceFigures[] {
    return [...this.figures.values()].map((figures) => ({ ...figures }));
  }

  private entry(source: string): ChainSourceFigures {
    let figures = this.figures.get(source);
    if (!figures) {
      figures = { source, errors: 0, tipHeight: null };
      this.figures.set(source, figures);
    }
    return figures;
  }
}
