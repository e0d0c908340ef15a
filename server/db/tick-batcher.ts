/**
 * Reads by key that arrive in the same turn of the event loop go to the database as one statement
 * (DataLoader's pattern, decision 0039). Under load a turn parses many requests at once, and each
 * used to send its own lookup: a socket write, a round trip and a result to parse per request. A
 * quiet server sends each lookup one turn later (`setImmediate`), a few microseconds.
 *
 * Nothing is remembered between statements: every call is answered from a statement sent after it
 * was made, so an answer is never older than the request that asked. A key asked twice in one turn
 * is looked up once. When the statement fails, every call of it gets the error.
 */
export class TickBatcher<Key, Value> {
  private pending: Map<Key, Array<{ resolve: (value: Value | undefined) => void; reject: (error: unknown) => void }>> | undefined;

  constructor(
    /** Looks the keys up in one statement; a key it leaves out has no value. */
    private readonly load: (keys: Key[]) => Promise<Map<Key, Value>>,
    /** The most keys in one statement; more in one turn start the next statement. */
    private readonly max: number,
  ) {}

  get(key: Key): Promise<Value | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        const batch = new Map<Key, Array<{ resolve: (value: Value | undefined) => void; reject: (error: unknown) => void }>>();
        this.pending = batch;
        setImmediate(() => this.flush(batch));
      }
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (this.pending.size >= this.max) this.flush(this.pending);
    });
  }

  private flush(batch: NonNullable<typeof this.pending>): void {
    if (this.pending === batch) this.pending = undefined;
    const entries = [...batch];
    // A batch sent because it filled up is empty when its setImmediate comes.
    batch.clear();
    if (entries.length === 0) return;
    this.load(entries.map(([key]) => key)).then(
      (found) => {
        for (const [key, waiters] of entries) for (const waiter of waiters) waiter.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const [, waiters] of entries) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}

/**
 * One TickBatcher per owner (a database handle, or a caller's transaction), made on first use and
 * dropped with its owner, so every route and test server batches on its own connection pool.
 */
export function tickBatchersBy<Owner extends object, Key, Value>(
  load: (owner: Owner, keys: Key[]) => Promise<Map<Key, Value>>,
  max: number,
): (owner: Owner) => TickBatcher<Key, Value> {
  const batchers = new WeakMap<Owner, TickBatcher<Key, Value>>();
  return (owner) => {
    let batcher = batchers.get(owner);
    if (!batcher) batchers.set(owner, (batcher = new TickBatcher((keys) => load(owner, keys), max)));
    return batcher;
  };
}
