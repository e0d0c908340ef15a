import { asc, eq } from "drizzle-orm";
import { formatRate, toJsonCents } from "#shared/money.js";
import type { ApprovalDto } from "#shared/schemas/approvals.js";
import type { PlanInput } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { plan } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { refusePendingApproval } from "../approvals/pending-approval.js";
import { requestApproval } from "../approvals/request-approval.js";
import { recordAudit } from "../audit/record-audit.js";

import type { AdminPlanDto } from "#shared/schemas/plans.js";

const toDto = (row: typeof plan.$inferSelect): AdminPlanDto => ({
  id: row.id,
  name: row.name,
  minimumCents: toJsonCents(row.minimumCents),
  rateBasisPoints: row.rateBasisPoints,
  termDays: row.termDays,
  features: row.features,
  active: row.active,
  earlyWithdrawalAllowed: row.earlyWithdrawalAllowed,
  earlyWithdrawalFeeBasisPoints: row.earlyWithdrawalFeeBasisPoints,
});

export async function listAllPlans(db: DbExecutor): Promise<AdminPlanDto[]> {
  return (await db.select().from(plan).orderBy(asc(plan.sortOrder), asc(plan.minimumCents))).map(toDto);
}

type PlanRow = typeof plan.$inferSelect;

type MoneyTerms = Pick<PlanRow, "rateBasisPoints" | "termDays" | "earlyWithdrawalAllowed" | "earlyWithdrawalFeeBasisPoints">;

const earlyWords = (terms: MoneyTerms) => (terms.earlyWithdrawalAllowed ? `for a ${formatRate(terms.earlyWithdrawalFeeBasisPoints)} fee` : "not allowed");

/** What a second admin approves, in words: only the terms that change ("10% per 14 days becomes 12% per 14 days"). */
function describeChange(before: MoneyTerms, after: MoneyTerms): string {
  const changes: string[] = [];
  if (before.rateBasisPoints !== after.rateBasisPoints || before.termDays !== after.termDays) {
    changes.push(`${formatRate(before.rateBasisPoints)} per ${before.termDays} days becomes ${formatRate(after.rateBasisPoints)} per ${after.termDays} days`);
  }
  if (earlyWords(before) !== earlyWords(after)) changes.push(`early withdrawal ${earlyWords(before)} becomes ${earlyWords(after)}`);
  return changes.join("; ");
}

/** The plan's terms as an approval request remembers them, to see at approval whether anything changed since. */
const termsOf = (row: PlanRow) => ({
  name: row.name,
  minimumCents: Number(row.minimumCents),
  rateBasisPoints: row.rateBasisPoints,
  termDays: row.termDays,
  features: [...row.features],
  active: row.active,
  earlyWithdrawalAllowed: row.earlyWithdrawalAllowed,
  earlyWithdrawalFeeBasisPoints: row.earlyWithdrawalFeeBasisPoints,
});

/** Field by field: the stored copy went through jsonb, which does not keep the keys' order. */
function sameTerms(current: ReturnType<typeof termsOf>, asked: unknown): boolean {
  const other = asked as Partial<ReturnType<typeof termsOf>> | null;
  return (Object.keys(current) as Array<keyof typeof current>).every((key) => JSON.stringify(current[key]) === JSON.stringify(other?.[key]));
}

/**
 * Changes a plan for new investments only: existing ones carry their own copy of the terms.
 *
 * A new rate or term is what investors are promised, so it needs a second admin (four eyes):
 * without `approval` such an edit is recorded as an approval request and nothing changes yet.
 * Approving it calls this again with the approver and the terms the request saw; if the plan was
 * edited meanwhile, the approval is refused (409) rather than undo that edit.
 */
export async function updatePlan(
  tx: DbExecutor,
  actorId: string,
  planId: string,
  input: PlanInput,
  now = new Date(),
  approval?: { approvedBy: string; before: unknown },
): Promise<{ plan: AdminPlanDto } | { pendingApproval: ApprovalDto }> {
  const [before] = await tx.select().from(plan).where(eq(plan.id, planId)).for("update");
  if (!before) throw new AppError("NOT_FOUND", "No such plan.");
  if (approval && !sameTerms(termsOf(before), approval.before)) {
    throw new AppError("CONFLICT", "This plan was edited after the change was asked for. Reject this request and ask again.");
  }
  if (!approval) await refusePendingApproval(tx, "plan_change", planId);
  const [clash] = await tx.select({ id: plan.id }).from(plan).where(eq(plan.name, input.name));
  if (clash && clash.id !== planId) throw new AppError("CONFLICT", `Another plan is already called ${input.name}.`, { name: "This name is taken." });
  if (!approval && describeChange(before, input) !== "") {
    const summary = `${before.name}: ${describeChange(before, input)} (new investments and rollovers only).`;
    const reason = `Plan edited in the back office: rate, term or early-withdrawal terms changed.`;
    const data = { input, before: termsOf(before) };
    return { pendingApproval: await requestApproval(tx, { kind: "plan_change", targetType: "plan", targetId: planId, subjectUserId: null, summary, data, reason, requestedBy: actorId }, now) };
  }
  const [after] = await tx
    .update(plan)
    .set({ name: input.name, minimumCents: BigInt(input.minimumCents), rateBasisPoints: input.rateBasisPoints, termDays: input.termDays, features: [...input.features], active: input.active,
      earlyWithdrawalAllowed: input.earlyWithdrawalAllowed, earlyWithdrawalFeeBasisPoints: input.earlyWithdrawalFeeBasisPoints, updatedAt: now })
    .where(eq(plan.id, planId))
    .returning();
  if (!after) throw new Error("plan update returned nothing");
  await recordAudit(tx, { actorId, action: "plan.update", targetType: "plan", targetId: planId, before, after: approval ? { ...after, approvedBy: approval.approvedBy } : after });
  return { plan: toDto(after) };
}
