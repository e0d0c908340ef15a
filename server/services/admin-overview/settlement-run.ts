import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { settlementRun } from "#server/db/schema.js";

const SETTLEMENT = "settlement";

export interface SettlementRunRecord {
  startedAt: Date;
  finishedAt: Date;
  settled: number;
  profitCents: bigint;
  error: string | null;
}

/** Overwrites the one row that says when the periodic settlement last ran and what it paid (decision 0033). */
export async function recordSettlementRun(db: DbExecutor, run: SettlementRunRecord): Promise<void> {
  await db
    .insert(settlementRun)
    .values({ name: SETTLEMENT, ...run })
    .onConflictDoUpdate({ target: settlementRun.name, set: run });
}

/** The last periodic settlement run, or null before the first one. */
export async function readLastSettlementRun(db: DbExecutor): Promise<SettlementRunRecord | null> {
  const [row] = await db.select().from(settlementRun).where(eq(settlementRun.name, SETTLEMENT));
  return row ? { startedAt: row.startedAt, finishedAt: row.finishedAt, settled: row.settled, profitCents: row.profitCents, error: row.error } : null;
}
