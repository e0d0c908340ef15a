/**
 * A short in-process memory of who a session cookie belongs to, for reads only (decision 0029).
 *
 * The rules it keeps: a request that changes anything (every money-moving route) never reads it,
 * so a revoked session, a ban or a password change stops those at once, on every server; a read
 * may be answered for at most READ_CACHE_MS after the session was last checked in the database,
 * and never past the session's own expiry. A change made through this server (sign-out, revoking
 * sessions, a new password, anything in the back office) forgets every entry at once; other
 * servers of a multi-server setup catch up within READ_CACHE_MS.
 */

/** How long a read may trust a session checked in the database: under the 5 s the product allows. */
export const READ_CACHE_MS = 4_000;
/** Entries kept at most; the oldest go first. Bounds memory whatever the traffic. */
const MAX_ENTRIES = 10_000;

export interface CachedSession<T> {
  value: T;
  /** When the database said so (ms since the epoch). */
  checkedAt: number;
  /** The session's own end (ms since the epoch). */
  expiresAt: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, CachedSession<T>>();

  constructor(
    private readonly ttlMs = READ_CACHE_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.checkedAt >= this.ttlMs || now >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, expiresAt: number, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, checkedAt: now, expiresAt });
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
