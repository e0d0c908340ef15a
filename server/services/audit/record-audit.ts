import { randomUUID } from "node:crypto";
import type { DbExecutor } from "#server/db/client.js";
import { auditLog } from "#server/db/schema.js";
import { currentRequestId } from "#server/request-id.js";

export interface AuditEntry {
  /** NULL for what no signed-in person did: the sign-in failure tally, the operator CLI. */
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  /** Defaults to the id of the HTTP request being served, if any. */
  requestId?: string | null;
}

/**
 * Written in the same transaction as the action, so the log and the change land together or not at
 * all. The database chains it (trigger audit_log_chain, decision 0034): the values given here for
 * seq, prev_hash and hash are replaced, and the chain's lock is held until the caller commits.
 */
export async function recordAudit(tx: DbExecutor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    ...entry,
    requestId: entry.requestId === undefined ? (currentRequestId() ?? null) : entry.requestId,
    before: toJson(entry.before),
    after: toJson(entry.after),
    seq: 0,
    prevHash: "",
    hash: "",
  });
}

/** bigint and Date survive as strings. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_key, item: unknown) => (typeof item === "bigint" ? item.toString() : item)));
}
