import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { applyRate, formatCents, formatRate } from "#shared/money.js";
import { INVESTMENT_MAX_CENTS, MATURITY_INSTRUCTION_WORDS, type CreateInvestmentInput, type InvestmentDto } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { investment, plan } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import { toInvestmentDto } from "./investment-dto.js";

const DAY_MS = 86_400_000;

/**
 * Moves the principal from available to invested in one journal and copies the plan's terms (its
 * early-withdrawal terms too) onto the investment, so a later edit of the plan never changes what
 * this investment pays or costs to leave. The maturity instruction is the investor's choice.
 */
export async function createInvestment(
  tx: DbExecutor,
  userId: string,
  input: CreateInvestmentInput,
  now: Date,
): Promise<{ investment: InvestmentDto; notification: NotificationInput }> {
  const [terms] = await tx.select().from(plan).where(eq(plan.id, input.planId));
  if (!terms || !terms.active) throw new AppError("VALIDATION_FAILED", "This plan is not open for investment.", { planId: "This plan is not open for investment." });
  const principal = BigInt(input.amountCents);
  if (principal > BigInt(INVESTMENT_MAX_CENTS)) {
    const message = `The largest single investment is ${formatCents(BigInt(INVESTMENT_MAX_CENTS))}.`;
    throw new AppError("VALIDATION_FAILED", message, { amountCents: message });
  }
  if (principal < terms.minimumCents) {
    const message = `The minimum for ${terms.name} is ${formatCents(terms.minimumCents)}.`;
    throw new AppError("VALIDATION_FAILED", message, { amountCents: message });
  }
  const instruction = input.maturityInstruction ?? "payout";
  const id = randomUUID();
  const journal = await postJournal(tx, {
    idempotencyKey: `investment:${id}`,
    kind: "investment",
    userId,
    reference: terms.name,
    postings: [
      { account: userAccount(userId, "available"), amountCents: -principal },
      { account: userAccount(userId, "invested"), amountCents: principal },
    ],
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "INSUFFICIENT_FUNDS") {
      throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this investment. Deposit funds first.");
    }
    throw error;
  });
  const profit = applyRate(principal, terms.rateBasisPoints);
  const [row] = await tx
    .insert(investment)
    .values({
      id,
      userId,
      planId: terms.id,
      planName: terms.name,
      principalCents: principal,
      rateBasisPoints: terms.rateBasisPoints,
      termDays: terms.termDays,
      profitCents: profit,
      startedAt: now,
      maturesAt: new Date(now.getTime() + terms.termDays * DAY_MS),
      maturityInstruction: instruction,
      earlyWithdrawalAllowed: terms.earlyWithdrawalAllowed,
      earlyWithdrawalFeeBasisPoints: terms.earlyWithdrawalFeeBasisPoints,
      startJournalId: journal.journalId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("investment insert returned nothing");
  const notification: NotificationInput = {
    userId,
    kind: "investment_started",
    title: "Investment started",
    body: `You invested ${formatCents(principal)} in ${terms.name} at ${formatRate(terms.rateBasisPoints)} for ${terms.termDays} days. At maturity you receive ${formatCents(principal + profit)}. ${MATURITY_INSTRUCTION_WORDS[instruction].sentence}`,
    subjectId: row.id,
  };
  await notify(tx, notification);
  return { investment: toInvestmentDto(row, now), notification };
}
