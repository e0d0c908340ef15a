import { randomInt, randomUUID } from "node:crypto";

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, the version, a 12-bit counter, then the random
 * bits of a v4 UUID. Ids made one after another sort by creation time, so inserts append to the
 * right edge of their primary-key index; the same shape as the SQL function time_ordered_uuid()
 * (migration 0011).
 *
 * Within one millisecond the counter goes up by one (RFC 9562, 6.2, method 1), starting from a
 * random value in its lower half, and the next millisecond is borrowed when it runs out. So ids this
 * process makes sort in the order it made them, even in the same millisecond or when the clock
 * steps back. The ledger relies on it: journals posted in one transaction share its `created_at`,
 * and the history orders them by id after that, so it shows each balance after in the order it
 * was reached (decision 0045).
 */
export const timeOrderedUuid = uuidSequence();

/**
 * A sequence of such ids, with the last one's milliseconds and counter as its own state: the
 * process has one (timeOrderedUuid); a test makes its own, unaffected by ids made before it.
 */
export function uuidSequence(): (now?: number) => string {
  let last = { ms: -1, counter: 0 };
  return (now = Date.now()) => {
    if (now > last.ms) last = { ms: now, counter: randomInt(0x800) };
    else if (last.counter < 0xfff) last = { ms: last.ms, counter: last.counter + 1 };
    else last = { ms: last.ms + 1, counter: randomInt(0x800) };
    const time = last.ms.toString(16).padStart(12, "0");
    // randomUUID() is xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep what follows its fourth group.
    return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${last.counter.toString(16).padStart(3, "0")}${randomUUID().slice(18)}`;
  };
}
