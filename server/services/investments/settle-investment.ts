import { eq } from "drizzle-orm";
import { formatCents } from "../../../shared/money.js";
import type { DbExecutor } from "../../db/client.js";
import { investment } from "../../db/schema.js";
import { platformAccount, userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import type { InvestmentRow } from "./investment-dto.js";

/**
 * Pays one matured investment: principal back to available and the profit from the platform's
 * interest account, in one journal keyed `maturity:<id>`. The caller holds the row lock; the key
 * makes a second payment impossible even if two settlers ever got past it.
 */
export async function settleInvestment(tx: DbExecutor, row: InvestmentRow, now: Date): Promise<NotificationInput> {
  const postings = [
    { account: userAccount(row.userId, "invested"), amountCents: -row.principalCents },
    { account: userAccount(row.userId, "available"), amountCents: row.principalCents + row.profitCents },
  ];
  if (row.profitCents > 0n) postings.push({ account: platformAccount("interest"), amountCents: -row.profitCents });
  const journal = await postJournal(tx, { idempotencyKey: `maturity:${row.id}`, kind: "maturity", userId: row.userId, reference: row.planName, postings });
  await tx.update(investment).set({ status: "matured", settleJournalId: journal.journalId, settledAt: now }).where(eq(investment.id, row.id));
  const notification: NotificationInput = {
    userId: row.userId,
    kind: "investment_matured",
    title: "Investment matured",
    body: `Your ${row.planName} investment of ${formatCents(row.principalCents)} has matured: ${formatCents(row.principalCents + row.profitCents)} (including ${formatCents(row.profitCents)} profit) is now in your main balance.`,
    link: "/dashboard/investment",
  };
  await notify(tx, notification);
  return notification;
}
