import { randomUUID } from "node:crypto";
import type { ApprovalDto, ApprovalKind } from "#shared/schemas/approvals.js";
import type { DbExecutor } from "#server/db/client.js";
import { approval } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { readApproval } from "./approval-dto.js";

export interface ApprovalRequest {
  kind: ApprovalKind;
  targetType: string;
  targetId: string;
  /** The account the decision is about: the second admin may not be its owner. Null for a plan. */
  subjectUserId: string | null;
  /** What approving does, in plain words, as the queue shows it. */
  summary: string;
  /** What the change needs to be made later (server/services/approvals/decide-approval.ts). */
  data: Record<string, unknown>;
  reason: string;
  requestedBy: string;
}

/**
 * Records a change that needs a second admin and makes nothing else: it waits in the back office's
 * approvals queue. One open request per thing (a second is a 409 naming the first), audited.
 */
export async function requestApproval(tx: DbExecutor, request: ApprovalRequest, now: Date): Promise<ApprovalDto> {
  const id = randomUUID();
  const [row] = await tx
    .insert(approval)
    .values({
      id,
      kind: request.kind,
      targetType: request.targetType,
      targetId: request.targetId,
      subjectUserId: request.subjectUserId,
      payload: { summary: request.summary, data: request.data },
      reason: request.reason,
      requestedBy: request.requestedBy,
      requestedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: approval.id });
  if (!row) throw new AppError("CONFLICT", "A request for this is already waiting for a second admin. Approve or reject it first.");
  await recordAudit(tx, {
    actorId: request.requestedBy,
    action: "approval.request",
    targetType: request.targetType,
    targetId: request.targetId,
    before: null,
    after: { approvalId: id, kind: request.kind, summary: request.summary, data: request.data, reason: request.reason },
  });
  return readApproval(tx, id);
}
