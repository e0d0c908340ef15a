import type { PlanDto } from "#shared/plans.js";
import type { DbExecutor } from "#server/db/client.js";
import { queryPrepared } from "#server/db/prepared-query.js";

/**
 * Prepared once per connection: `GET /api/plans` is public, so anyone can load it. Through
 * drizzle's builder it cost the database twice the CPU per request (0.044–0.056 ms against
 * 0.025–0.029 ms; decision 0042). The order names the table's columns: a bare `minimum_cents`
 * would sort by the text alias, so $20,000 would come before $5,000.
 */
const ACTIVE_PLANS = {
  name: "active_plans_v2",
  text: `select id, name, minimum_cents::text as minimum_cents, rate_basis_points, term_days, features
    from plan where active order by plan.sort_order, plan.minimum_cents`,
};

type Row = { id: string; name: string; minimum_cents: string; rate_basis_points: number; term_days: number; features: string[] };

export async function listActivePlans(db: DbExecutor): Promise<PlanDto[]> {
  const rows = await queryPrepared<Row>(db, ACTIVE_PLANS.name, ACTIVE_PLANS.text, []);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    minimumCents: Number(row.minimum_cents),
    rateBasisPoints: row.rate_basis_points,
    termDays: row.term_days,
    features: row.features,
  }));
}
