/**
 * Live counts from the database, filled in by ../enhance-live-figures.ts once they arrive: the
 * pre-rendered page shows none (nothing is shown until they are known) and keeps their room.
 */
export function LiveFigures() {
  return <dl className="mt-10 flex min-h-16 flex-wrap gap-x-10 gap-y-4" aria-busy="true" data-live-figures />;
}
