import { eq } from "drizzle-orm";
import { CASE_STATUS_LABELS, type CaseStatus, type VerificationDecisionInput } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { verificationDecisionNotice } from "#server/mail/verification-decision.js";
import { recordAudit } from "../audit/record-audit.js";
import { notify } from "../notifications/notify.js";
import { currentDocuments } from "./case-dto.js";
import { adminName, lockCase, refuseOwnIdentity, type CaseRow } from "./lock-case.js";

const STATUS_AFTER = { approve: "approved", reject: "rejected", request_resubmission: "resubmission_requested" } as const;

/** Only the admin the case is assigned to decides it, and only while it is in review. */
async function refuseUnlessMine(tx: DbExecutor, current: CaseRow, actorId: string): Promise<void> {
  if (current.status === "submitted" || (current.status === "in_review" && !current.assigneeId)) {
    throw new AppError("CONFLICT", "Assign the case to yourself first.");
  }
  if (current.status !== "in_review") {
    throw new AppError("CONFLICT", `This case is not waiting for a decision: it is ${CASE_STATUS_LABELS[current.status as CaseStatus].toLowerCase()}.`);
  }
  if (current.assigneeId !== actorId) throw new AppError("CONFLICT", `${await adminName(tx, current.assigneeId!)} is working on this case.`);
}

/** A request for new files names only files the case holds now. */
async function checkReplaceable(tx: DbExecutor, caseId: string, ids: readonly string[]): Promise<string[]> {
  const current = new Set((await currentDocuments(tx, caseId)).map((document) => document.id));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !current.has(id))) {
    const message = "Choose files this case holds now: one of them is not, or was already replaced.";
    throw new AppError("VALIDATION_FAILED", message, { replaceDocumentIds: message });
  }
  return unique;
}

/**
 * An operator's decision on a case in review and assigned to them, in one transaction under the
 * case's lock (so of two decisions at once, the second finds it decided): approve (the account
 * becomes verified), reject with the reason, or ask for new files (which, and why). The account's
 * level follows the decision; the audit entry, the investor's notification and its e-mail are
 * written with it. Nobody decides their own case (403).
 */
export async function decideCase(tx: DbExecutor, actorId: string, caseId: string, input: VerificationDecisionInput, now: Date): Promise<void> {
  const current = await lockCase(tx, caseId);
  refuseOwnIdentity(current.userId, actorId);
  await refuseUnlessMine(tx, current, actorId);
  const replace = input.decision === "request_resubmission" ? await checkReplaceable(tx, caseId, input.replaceDocumentIds ?? []) : [];
  const reason = input.reason || null;
  const change = { status: STATUS_AFTER[input.decision], reason, replaceDocumentIds: replace, decidedAt: now, decidedBy: actorId, updatedAt: now };
  await tx.update(identityCase).set(change).where(eq(identityCase.id, caseId));
  const level = input.decision === "approve" ? "verified" : "unverified";
  await tx.update(user).set({ verificationLevel: level, updatedAt: now }).where(eq(user.id, current.userId));
  await recordAudit(tx, {
    actorId,
    action: `verification.${input.decision}`,
    targetType: "identity_case",
    targetId: caseId,
    before: { status: current.status, reason: current.reason },
    after: { status: change.status, reason, replaceDocumentIds: replace, level },
  });
  const notice = verificationDecisionNotice(input.decision, reason, replace.length);
  await notify(tx, { userId: current.userId, kind: notice.kind, title: notice.title, body: notice.body, subjectId: caseId });
}
