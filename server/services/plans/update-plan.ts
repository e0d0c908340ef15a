import { asc, eq } from "drizzle-orm";
import type { PlanInput } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { plan } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { toJsonCents } from "../ledger/balances.js";

import type { AdminPlanDto } from "#shared/schemas/plans.js";

const toDto = (row: typeof plan.$inferSelect): AdminPlanDto => ({
  id: row.id,
  name: row.name,
  minimumCents: toJsonCents(row.minimumCents),
  rateBasisPoints: row.rateBasisPoints,
  termDays: row.termDays,
  features: row.features,
  active: row.active,
});

export async function listAllPlans(db: DbExecutor): Promise<AdminPlanDto[]> {
  return (await db.select().from(plan).orderBy(asc(plan.sortOrder), asc(plan.minimumCents))).map(toDto);
}

/** Changes a plan for new investments only: existing ones carry their own copy of the terms. */
export async function updatePlan(tx: DbExecutor, actorId: string, planId: string, input: PlanInput, now = new Date()): Promise<AdminPlanDto> {
  const [before] = await tx.select().from(plan).where(eq(plan.id, planId)).for("update");
  if (!before) throw new AppError("NOT_FOUND", "No such plan.");
  const [clash] = await tx.select({ id: plan.id }).from(plan).where(eq(plan.name, input.name));
  if (clash && clash.id !== planId) throw new AppError("CONFLICT", `Another plan is already called ${input.name}.`, { name: "This name is taken." });
  const [after] = await tx
    .update(plan)
    .set({ name: input.name, minimumCents: BigInt(input.minimumCents), rateBasisPoints: input.rateBasisPoints, termDays: input.termDays, features: [...input.features], active: input.active, updatedAt: now })
    .where(eq(plan.id, planId))
    .returning();
  if (!after) throw new Error("plan update returned nothing");
  await recordAudit(tx, { actorId, action: "plan.update", targetType: "plan", targetId: planId, before, after });
  return toDto(after);
}
