import { count, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { investment, plan, user } from "#server/db/schema.js";

import type { PublicStats } from "#shared/schemas/public.js";

/** Live counts; one below `minimum` (the operator's PUBLIC_STATS_MIN) is withheld as null, never shown as a small number. */
export async function publicStats(db: Database, minimum: number): Promise<PublicStats> {
  const [investors] = await db.select({ value: count() }).from(user).where(eq(user.role, "user"));
  const [investments] = await db.select({ value: count() }).from(investment);
  const [plans] = await db.select({ value: count() }).from(plan).where(eq(plan.active, true));
  const shown = (value = 0) => (value >= minimum && value > 0 ? value : null);
  return { investors: shown(investors?.value), investments: shown(investments?.value), activePlans: plans?.value || null };
}
