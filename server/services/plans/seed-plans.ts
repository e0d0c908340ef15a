import { SEED_PLANS } from "#shared/plans.js";
import type { Database } from "#server/db/client.js";
import { plan } from "#server/db/schema.js";

/** Inserts the launch plans once; plans an operator has edited or removed are left alone. */
export async function seedPlans(db: Database): Promise<void> {
  await db
    .insert(plan)
    .values(SEED_PLANS.map((terms, index) => ({ ...terms, features: [...terms.features], sortOrder: index })))
    .onConflictDoNothing();
}
