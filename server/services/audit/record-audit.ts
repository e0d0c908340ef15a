import { randomUUID } from "node:crypto";
import type { DbExecutor } from "#server/db/client.js";
import { auditLog } from "#server/db/schema.js";

export interface AuditEntry {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** Written in the same transaction as the action, so the log and the change land together or not at all. */
export async function recordAudit(tx: DbExecutor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ id: randomUUID(), ...entry, before: toJson(entry.before), after: toJson(entry.after) });
}

/** bigint and Date survive as strings. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_key, item: unknown) => (typeof item === "bigint" ? item.toString() : item)));
}
