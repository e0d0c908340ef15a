import { eq } from "drizzle-orm";
import type { StatementPeriodsDto } from "#shared/schemas/statements.js";
import type { DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { availablePeriods, currentMonth } from "./statement-period.js";

/** The statements the caller can download: each complete month and year since their account opened, newest first. */
export async function listStatementPeriods(db: DbExecutor, userId: string, now: Date): Promise<StatementPeriodsDto> {
  const [owner] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  if (!owner) throw new AppError("NOT_FOUND", "This account no longer exists.");
  return { ...availablePeriods(owner.createdAt, now), openedAt: owner.createdAt.toISOString(), nextMonth: currentMonth(now) };
}
