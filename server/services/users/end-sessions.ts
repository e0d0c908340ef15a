import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { session } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";

/** Signs the user out everywhere; the next request from any of their browsers is a 401. Returns how many sessions ended. */
export async function endSessions(tx: DbExecutor, userId: string): Promise<number> {
  return (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).length;
}

/** Ends one of the user's sessions (a lost phone, a shared computer), with the operator's reason in the audit log. */
export async function revokeSession(tx: DbExecutor, actorId: string, userId: string, sessionId: string, reason: string): Promise<void> {
  if (userId === actorId) throw new AppError("FORBIDDEN", "End your own sessions in Settings; this tool is for other people's accounts.");
  const [ended] = await tx
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent });
  if (!ended) throw new AppError("NOT_FOUND", "That session has already ended.");
  await recordAudit(tx, { actorId, action: "user.session_revoke", targetType: "user", targetId: userId, before: { session: ended }, after: { session: null, reason } });
}
