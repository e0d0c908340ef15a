import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ApprovalDto } from "#shared/schemas/approvals.js";
import type { DbExecutor } from "#server/db/client.js";
import { approval, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";

export type ApprovalRow = typeof approval.$inferSelect;
export interface ApprovalPayload {
  summary: string;
  data: Record<string, unknown>;
}

const requester = alias(user, "requester");
const decider = alias(user, "decider");
const subject = alias(user, "subject");

/** Approvals with the names of the people involved, newest first. */
function selectApprovals(db: DbExecutor) {
  return db
    .select({
      row: approval,
      requestedBy: { id: requester.id, name: requester.name, email: requester.email },
      decidedBy: { id: decider.id, name: decider.name, email: decider.email },
      subject: { id: subject.id, name: subject.name, email: subject.email },
    })
    .from(approval)
    .innerJoin(requester, eq(requester.id, approval.requestedBy))
    .leftJoin(decider, eq(decider.id, approval.decidedBy))
    .leftJoin(subject, eq(subject.id, approval.subjectUserId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectApprovals>["execute"]>>[number];

function toApprovalDto({ row, requestedBy, decidedBy, subject: about }: Joined): ApprovalDto {
  const payload = row.payload as ApprovalPayload;
  return {
    id: row.id,
    kind: row.kind as ApprovalDto["kind"],
    targetType: row.targetType,
    targetId: row.targetId,
    summary: payload.summary,
    subject: about?.id ? about : null,
    reason: row.reason,
    requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    status: row.status as ApprovalDto["status"],
    decidedBy: decidedBy?.id ? decidedBy : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

export async function readApproval(db: DbExecutor, id: string): Promise<ApprovalDto> {
  const [found] = await selectApprovals(db).where(eq(approval.id, id));
  if (!found) throw new AppError("NOT_FOUND", "No such approval.");
  return toApprovalDto(found);
}

/** The queue: one status, newest first (the open ones are few; decided ones are kept for good, so a page of them). */
export async function listApprovals(db: DbExecutor, status: ApprovalDto["status"], limit = 100): Promise<ApprovalDto[]> {
  const rows = await selectApprovals(db).where(eq(approval.status, status)).orderBy(desc(approval.requestedAt), desc(approval.id)).limit(limit);
  return rows.map(toApprovalDto);
}
