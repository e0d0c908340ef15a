import { count, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { investment, plan, user } from "#server/db/schema.js";

import type { PublicStats } from "#shared/schemas/public.js";

export async function publicStats(db: Database): Promise<PublicStats> {
  const [investors] = await db.select({ value: count() }).from(user).where(eq(user.role, "user"));
  const [investments] = await db.select({ value: count() }).from(investment);
  const [plans] = await db.select({ value: count() }).from(plan).where(eq(plan.active, true));
  return { investors: investors?.value ?? 0, investments: investments?.value ?? 0, activePlans: plans?.value ?? 0 };
}
