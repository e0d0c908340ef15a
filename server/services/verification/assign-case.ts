import { eq } from "drizzle-orm";
import { CASE_STATUS_LABELS, type AssignVerificationInput, type CaseStatus } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { adminName, lockCase, refuseOwnIdentity } from "./lock-case.js";

/**
 * "Assign to me": a submitted case goes in review with the caller as its assignee, so two admins do
 * not decide one case. A case another admin is reviewing stays theirs (409 naming them) unless the
 * caller takes it over, which the audit log records with who had it. Asking again for a case the
 * caller already has changes nothing. Only an open case (submitted, in review) is assigned.
 */
export async function assignCase(tx: DbExecutor, actorId: string, caseId: string, input: AssignVerificationInput, now: Date): Promise<void> {
  const current = await lockCase(tx, caseId);
  refuseOwnIdentity(current.userId, actorId);
  if (current.status !== "submitted" && current.status !== "in_review") {
    throw new AppError("CONFLICT", `This case is not waiting for a review: it is ${CASE_STATUS_LABELS[current.status as CaseStatus].toLowerCase()}.`);
  }
  // A submitted case is nobody's yet, whoever reviewed it before it was sent again.
  const holder = current.status === "in_review" ? current.assigneeId : null;
  if (holder === actorId) return;
  if (holder && !input.takeOver) {
    throw new AppError("CONFLICT", `${await adminName(tx, holder)} is working on this case. Take it over to review it yourself.`);
  }
  await tx.update(identityCase).set({ status: "in_review", assigneeId: actorId, updatedAt: now }).where(eq(identityCase.id, caseId));
  await recordAudit(tx, {
    actorId,
    action: holder ? "verification.take_over" : "verification.assign",
    targetType: "identity_case",
    targetId: caseId,
    before: { status: current.status, assigneeId: holder },
    after: { status: "in_review", assigneeId: actorId },
  });
}
