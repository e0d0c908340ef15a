import { eq } from "drizzle-orm";
import { toJsonCents } from "#shared/money.js";
import type { VerificationDto } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { currentDocuments, toCaseFields } from "./case-dto.js";
import { depositAllowance } from "./identity-level.js";

/**
 * The investor's verification screen: their level, their case with the files it holds now (null
 * before the first upload), and what the level allows. Only ever the caller's own.
 */
export async function readMyVerification(db: DbExecutor, config: Pick<Config, "kyc">, userId: string): Promise<VerificationDto> {
  const [row] = await db.select().from(identityCase).where(eq(identityCase.userId, userId));
  // Only an unverified account has a deposit limit: no allowance means verified.
  const allowance = await depositAllowance(db, config, userId);
  return {
    level: allowance ? "unverified" : "verified",
    case: row ? toCaseFields(row, await currentDocuments(db, row.id)) : null,
    limits: {
      depositLimitCents: allowance ? toJsonCents(allowance.limitCents) : null,
      depositedCents: allowance ? toJsonCents(allowance.depositedCents) : null,
      depositRemainingCents: allowance ? toJsonCents(allowance.remainingCents) : null,
      moneyOutAllowed: !allowance,
    },
  };
}
