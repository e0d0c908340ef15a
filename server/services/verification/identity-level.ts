import { and, eq, inArray, sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { VerificationLevel } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, user } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { AppError } from "#server/errors.js";

/** Deposits that count towards an unverified account's limit: waiting ones at their claim, credited ones at what was credited. */
const COUNTED_STATUSES = ["pending", "confirmed", "new", "processing", "settled"];

export async function verificationLevelOf(db: DbExecutor, userId: string): Promise<VerificationLevel> {
  const [row] = await db.select({ level: user.verificationLevel }).from(user).where(eq(user.id, userId));
  return row?.level === "verified" ? "verified" : "unverified";
}

export interface DepositAllowance {
  limitCents: bigint;
  depositedCents: bigint;
  remainingCents: bigint;
}

/** What an unverified account may still deposit; undefined for a verified one (no such limit). */
export async function depositAllowance(db: DbExecutor, config: Pick<Config, "kyc">, userId: string): Promise<DepositAllowance | undefined> {
  if ((await verificationLevelOf(db, userId)) === "verified") return undefined;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(coalesce(${deposit.receivedCents}, ${deposit.amountCents})), 0)::text` })
    .from(deposit)
    .where(and(eq(deposit.userId, userId), inArray(deposit.status, COUNTED_STATUSES)));
  const limitCents = config.kyc.unverifiedDepositLimitCents;
  const depositedCents = BigInt(row?.total ?? "0");
  return { limitCents, depositedCents, remainingCents: depositedCents >= limitCents ? 0n : limitCents - depositedCents };
}

/**
 * Refuses a deposit that would take an unverified account past its limit, naming what remains.
 * The caller holds the user's deposit lock, so two deposits cannot both fit the last room.
 */
export async function checkDepositAllowance(tx: DbExecutor, config: Pick<Config, "kyc">, userId: string, amount: bigint): Promise<void> {
  const allowance = await depositAllowance(tx, config, userId);
  if (!allowance || allowance.depositedCents + amount <= allowance.limitCents) return;
  const left = allowance.remainingCents > 0n ? `${formatCents(allowance.remainingCents)} remains` : "nothing remains";
  throw new AppError(
    "VERIFICATION_REQUIRED",
    `Until your identity is verified you can deposit ${formatCents(allowance.limitCents)} in total; ${left}. Verify your identity to deposit more.`,
  );
}

/** Money leaves only from an account whose identity an operator approved. */
export async function requireVerifiedIdentity(db: DbExecutor, userId: string): Promise<void> {
  if ((await verificationLevelOf(db, userId)) === "verified") return;
  throw new AppError("VERIFICATION_REQUIRED", "Verify your identity before money leaves your account: withdrawals, transfers and paying requests need it.");
}
