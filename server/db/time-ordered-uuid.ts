import { randomUUID } from "node:crypto";

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, the version, then the random bits of a v4
 * UUID. Ids made one after another sort by creation time, so inserts append to the right edge of
 * their primary-key index; the same shape as the SQL function time_ordered_uuid() (migration 0011).
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, "0");
  // randomUUID() is xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep what follows its version digit.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
