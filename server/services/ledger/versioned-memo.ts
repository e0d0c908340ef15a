/**
 * Figures derived from a user's whole history (the summary's flows, the history's count of
 * events), remembered per process and used only while the user's account rows are at the versions
 * they were computed under (decision 0029).
 *
 * Every journal that moves one of a user's accounts updates that account's row (post_journal and
 * settle_due_investments both do), which gives the row a new version: its `xmin`, the id of the
 * transaction that wrote it. A caller reads the versions with its other rows, in the same
 * statement, and asks for the figure under them: a journal posted through any server is seen at
 * once by all of them.
 */
export class VersionedMemo<T> {
  readonly #entries = new Map<string, { version: string; value: T; at: number }>();

  /** Entries kept at most (oldest first out), and each for at most `maxAgeMs`: memory stays bounded. */
  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  /** What is remembered for `key`, with the version it was computed under, unless it is too old. */
  get(key: string, now: number): { version: string; value: T } | undefined {
    const known = this.#entries.get(key);
    return known && now - known.at < this.maxAgeMs ? known : undefined;
  }

  set(key: string, version: string, value: T, now: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { version, value, at: now });
  }
}
