import { and, eq } from "drizzle-orm";
import { applyRate, formatCents } from "#shared/money.js";
import type { EarlyWithdrawalDto, EarlyWithdrawalPreviewDto } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { investment } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { platformAccount, userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify } from "../notifications/notify.js";
import { toInvestmentDto, type InvestmentRow } from "./investment-dto.js";

/** What leaving early costs: the fee is basis points of the principal, half-up to the cent; no profit is paid. */
export function earlyWithdrawalAmounts(principalCents: bigint, feeBasisPoints: number): { feeCents: bigint; payoutCents: bigint } {
  const feeCents = applyRate(principalCents, feeBasisPoints);
  return { feeCents, payoutCents: principalCents - feeCents };
}

/** The caller's own investment; another user's is as unknown as one that does not exist. */
async function ownInvestment(tx: DbExecutor, userId: string, id: string, lock: boolean): Promise<InvestmentRow> {
  const query = tx.select().from(investment).where(and(eq(investment.id, id), eq(investment.userId, userId)));
  // The row lock orders a withdrawal against settlement (which claims rows FOR UPDATE SKIP LOCKED)
  // and against a second withdrawal: whoever waits sees the row as the other left it.
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", "Investment not found.");
  return row;
}

/** Refuses what cannot be withdrawn early now, in words the investor can act on. */
function refuseUnlessWithdrawable(row: InvestmentRow, now: Date): void {
  if (row.status !== "active") {
    const state = row.status === "withdrawn_early" ? "was already withdrawn early" : "has matured and was settled";
    throw new AppError("CONFLICT", `This investment ${state}.`);
  }
  if (!row.earlyWithdrawalAllowed) throw new AppError("CONFLICT", `${row.planName} investments cannot be withdrawn before maturity.`);
  // Once due, settlement owns it: the investor gets principal and profit, not an early exit.
  if (row.maturesAt <= now) throw new AppError("CONFLICT", "This investment has matured; it is being paid out with its profit.");
}

export async function previewEarlyWithdrawal(db: DbExecutor, userId: string, id: string, now: Date): Promise<EarlyWithdrawalPreviewDto> {
  const row = await ownInvestment(db, userId, id, false);
  refuseUnlessWithdrawable(row, now);
  const { feeCents, payoutCents } = earlyWithdrawalAmounts(row.principalCents, row.earlyWithdrawalFeeBasisPoints);
  return {
    investmentId: row.id,
    principalCents: Number(row.principalCents),
    feeBasisPoints: row.earlyWithdrawalFeeBasisPoints,
    feeCents: Number(feeCents),
    payoutCents: Number(payoutCents),
    forgoneProfitCents: Number(row.profitCents),
    maturesAt: row.maturesAt.toISOString(),
  };
}

/**
 * Ends an active investment before maturity in the caller's transaction: one journal (keyed
 * `early-withdrawal:<id>`) moves the principal out of invested, the principal less the fee to
 * available and the fee to the platform's fees account; the investment becomes withdrawn_early.
 */
export async function withdrawEarly(tx: DbExecutor, userId: string, id: string, now: Date): Promise<EarlyWithdrawalDto> {
  const row = await ownInvestment(tx, userId, id, true);
  refuseUnlessWithdrawable(row, now);
  const { feeCents, payoutCents } = earlyWithdrawalAmounts(row.principalCents, row.earlyWithdrawalFeeBasisPoints);
  const postings = [
    { account: userAccount(userId, "invested"), amountCents: -row.principalCents },
    { account: userAccount(userId, "available"), amountCents: payoutCents },
    { account: platformAccount("fees"), amountCents: feeCents },
  ].filter((posting) => posting.amountCents !== 0n);
  const journal = await postJournal(tx, { idempotencyKey: `early-withdrawal:${row.id}`, kind: "early_withdrawal", userId, reference: row.planName, postings });
  const [updated] = await tx
    .update(investment)
    .set({ status: "withdrawn_early", settledAt: now, settleJournalId: journal.journalId, earlyWithdrawalFeeCents: feeCents })
    .where(eq(investment.id, row.id))
    .returning();
  if (!updated) throw new Error("investment update returned nothing");
  await notify(tx, {
    userId,
    kind: "investment_withdrawn_early",
    title: "Investment withdrawn early",
    body: `You withdrew your ${row.planName} investment of ${formatCents(row.principalCents)} before maturity: ${formatCents(payoutCents)} is now in your main balance, after a ${formatCents(feeCents)} early-withdrawal fee. No profit was paid.`,
    subjectId: row.id,
  });
  return { investment: toInvestmentDto(updated, now), feeCents: Number(feeCents), payoutCents: Number(payoutCents) };
}
