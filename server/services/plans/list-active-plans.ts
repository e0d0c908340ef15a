import { asc, eq } from "drizzle-orm";
import type { PlanDto } from "#shared/plans.js";
import type { Database } from "#server/db/client.js";
import { plan } from "#server/db/schema.js";

export async function listActivePlans(db: Database): Promise<PlanDto[]> {
  const rows = await db.select().from(plan).where(eq(plan.active, true)).orderBy(asc(plan.sortOrder), asc(plan.minimumCents));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    minimumCents: Number(row.minimumCents),
    rateBasisPoints: row.rateBasisPoints,
    termDays: row.termDays,
    features: row.features,
  }));
}
