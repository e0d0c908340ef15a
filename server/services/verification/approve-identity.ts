import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { verificationDecisionNotice } from "#server/mail/verification-decision.js";
import { recordAudit } from "../audit/record-audit.js";
import { notify } from "../notifications/notify.js";
import { refuseOwnIdentity } from "./lock-case.js";

/**
 * Approves an existing account's identity from the user's page, for accounts checked some other way
 * (`reason` says how): its case, made now if it has none, becomes approved, decided by the caller,
 * with the reason kept on the case (the investor reads it there) and in the audit log; the account
 * becomes verified and the investor is told. The account is locked before its case, the order every
 * change to a case takes (lock-case.ts). Returns the case's id.
 */
export async function approveIdentity(tx: DbExecutor, actorId: string, userId: string, reason: string, now: Date): Promise<string> {
  refuseOwnIdentity(userId, actorId);
  const [account] = await tx.select({ id: user.id, level: user.verificationLevel }).from(user).where(eq(user.id, userId)).for("update");
  if (!account) throw new AppError("NOT_FOUND", "User not found.");
  const [current] = await tx.select().from(identityCase).where(eq(identityCase.userId, userId)).for("update");
  if (current?.status === "approved") throw new AppError("CONFLICT", "This account's identity is already verified.");
  const decided = { status: "approved", reason, replaceDocumentIds: [], decidedAt: now, decidedBy: actorId, updatedAt: now };
  const caseId = current?.id ?? randomUUID();
  if (current) await tx.update(identityCase).set(decided).where(eq(identityCase.id, caseId));
  else await tx.insert(identityCase).values({ id: caseId, userId, ...decided, createdAt: now });
  await tx.update(user).set({ verificationLevel: "verified", updatedAt: now }).where(eq(user.id, userId));
  await recordAudit(tx, {
    actorId,
    action: "verification.approve",
    targetType: "identity_case",
    targetId: caseId,
    before: current ? { status: current.status, reason: current.reason, level: account.level } : { case: null, level: account.level },
    after: { status: "approved", reason, level: "verified", from: "user_page" },
  });
  const notice = verificationDecisionNotice("approve", reason);
  await notify(tx, { userId, kind: notice.kind, title: notice.title, body: notice.body, subjectId: caseId });
  return caseId;
}
