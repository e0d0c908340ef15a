import { and, eq } from "drizzle-orm";
import type { ApprovalKind } from "#shared/schemas/approvals.js";
import type { DbExecutor } from "#server/db/client.js";
import { approval } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";

/**
 * While a change to something waits for a second admin, nothing else changes it (409): the
 * approver must see the thing as it was asked about. Approve or reject the request first.
 */
export async function refusePendingApproval(tx: DbExecutor, kind: ApprovalKind, targetId: string): Promise<void> {
  const [waiting] = await tx
    .select({ id: approval.id })
    .from(approval)
    .where(and(eq(approval.kind, kind), eq(approval.targetId, targetId), eq(approval.status, "pending")));
  if (waiting) throw new AppError("CONFLICT", "A change to this is waiting for a second admin's approval. Approve or reject it first (Back office → Approvals).");
}
