import { eq } from "drizzle-orm";
import type { ApprovalDto } from "#shared/schemas/approvals.js";
import type { PlanInput } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { approval } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { confirmDeposit, type ConfirmInput } from "../deposits/decide-deposit.js";
import { updatePlan } from "../plans/update-plan.js";
import { changeRole } from "../users/change-role.js";
import { readApproval, type ApprovalPayload, type ApprovalRow } from "./approval-dto.js";

/**
 * Locks a pending request for a decision by `actorId`, who is neither the admin who asked for it
 * (four eyes: the database refuses that too) nor the account it is about.
 */
async function lockForDecision(tx: DbExecutor, actorId: string, approvalId: string): Promise<ApprovalRow> {
  const [row] = await tx.select().from(approval).where(eq(approval.id, approvalId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "No such approval.");
  if (row.status !== "pending") throw new AppError("CONFLICT", `This request was already ${row.status}.`);
  if (row.requestedBy === actorId) throw new AppError("FORBIDDEN", "You asked for this, so another admin must approve or reject it.");
  if (row.subjectUserId === actorId) throw new AppError("FORBIDDEN", "This is about your own account, so another admin must decide on it.");
  return row;
}

async function finish(tx: DbExecutor, row: ApprovalRow, actorId: string, status: "approved" | "rejected", reason: string | undefined, now: Date): Promise<ApprovalDto> {
  await tx.update(approval).set({ status, decidedBy: actorId, decidedAt: now, decisionReason: reason ?? null }).where(eq(approval.id, row.id));
  await recordAudit(tx, {
    actorId,
    action: status === "approved" ? "approval.approve" : "approval.reject",
    targetType: row.targetType,
    targetId: row.targetId,
    before: { approvalId: row.id, status: "pending", requestedBy: row.requestedBy },
    after: { approvalId: row.id, status, kind: row.kind, summary: (row.payload as ApprovalPayload).summary, ...(reason ? { reason } : {}) },
  });
  return readApproval(tx, row.id);
}

/**
 * The second admin approves: the change is made now, in this transaction, as its requester asked
 * for it (the requester stays its actor, the approver is recorded beside them). If the change can
 * no longer be made (the deposit was decided, the plan edited), nothing is and the request stays open.
 */
export async function approveRequest(tx: DbExecutor, config: Pick<Config, "deposits">, actorId: string, approvalId: string, reason: string | undefined, now: Date): Promise<ApprovalDto> {
  const row = await lockForDecision(tx, actorId, approvalId);
  const { data } = row.payload as ApprovalPayload;
  if (row.kind === "deposit_confirm") {
    await confirmDeposit(tx, config.deposits, row.requestedBy, row.targetId, data as ConfirmInput, now, actorId);
  } else if (row.kind === "role_grant") {
    await changeRole(tx, row.requestedBy, row.targetId, "admin", row.reason, now, actorId);
  } else {
    const { input, before } = data as { input: PlanInput; before: unknown };
    await updatePlan(tx, row.requestedBy, row.targetId, input, now, { approvedBy: actorId, before });
  }
  return finish(tx, row, actorId, "approved", reason, now);
}

/** The second admin refuses: nothing changes, and the thing can be decided on again. */
export async function rejectRequest(tx: DbExecutor, actorId: string, approvalId: string, reason: string, now: Date): Promise<ApprovalDto> {
  const row = await lockForDecision(tx, actorId, approvalId);
  return finish(tx, row, actorId, "rejected", reason, now);
}
