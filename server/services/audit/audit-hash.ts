import { createHash } from "node:crypto";

/** What seals one entry, as `npm run audit -- verify` reads it back (times and JSON as the database prints them). */
export interface SealedFields {
  prevHash: string;
  seq: string;
  id: string;
  /** UTC to the microsecond: `2026-11-24T15:20:18.123456Z`. */
  createdAt: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  requestId: string | null;
  /** jsonb's own text, or NULL. */
  before: string | null;
  after: string | null;
}

export const GENESIS_HASH = "0".repeat(64);

/**
 * The same hash as the SQL function audit_log_entry_hash (server/db/sql/functions/), computed in
 * Node so the check does not trust a function that whoever edited the rows could also replace:
 * each field as "<bytes>:<text>\n", NULL as "-\n", in this order.
 */
export function auditEntryHash(fields: SealedFields): string {
  const ordered = [
    fields.prevHash,
    fields.seq,
    fields.id,
    fields.createdAt,
    fields.actorId,
    fields.action,
    fields.targetType,
    fields.targetId,
    fields.requestId,
    fields.before,
    fields.after,
  ];
  const text = ordered.map((value) => (value === null ? "-\n" : `${Buffer.byteLength(value, "utf8")}:${value}\n`)).join("");
  return createHash("sha256").update(text, "utf8").digest("hex");
}
