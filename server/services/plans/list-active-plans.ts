import { asc, eq } from "drizzle-orm";
import type { PlanDto } from "#shared/plans.js";
import type { DbExecutor } from "#server/db/client.js";
import { plan } from "#server/db/schema.js";

/** The plans on offer, in the operator's order (then by minimum), as the public pages and the API show them. */
export async function listActivePlans(db: DbExecutor): Promise<PlanDto[]> {
  const rows = await db
    .select({ id: plan.id, name: plan.name, minimumCents: plan.minimumCents, rateBasisPoints: plan.rateBasisPoints, termDays: plan.termDays, features: plan.features,
      earlyWithdrawalAllowed: plan.earlyWithdrawalAllowed, earlyWithdrawalFeeBasisPoints: plan.earlyWithdrawalFeeBasisPoints })
    .from(plan)
    .where(eq(plan.active, true))
    .orderBy(asc(plan.sortOrder), asc(plan.minimumCents));
  return rows.map((row) => ({ ...row, minimumCents: Number(row.minimumCents) }));
}
