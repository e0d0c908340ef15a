import type { DbExecutor } from "#server/db/client.js";
import { recordAudit } from "../audit/record-audit.js";

/**
 * An audit entry about an identity case (`verification.*`), in the caller's transaction. The log is
 * kept for ever and the case's personal data and files are not: entries name files by id, type,
 * size and digest, and record steps, never a name, a document number or a file's bytes.
 */
export function recordCaseAudit(tx: DbExecutor, actorId: string | null, action: `verification.${string}`, caseId: string, before: unknown, after: unknown): Promise<void> {
  return recordAudit(tx, { actorId, action, targetType: "identity_case", targetId: caseId, before, after });
}
