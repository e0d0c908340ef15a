import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, or, sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { CreatePayoutInput, PayoutDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { ledgerAccount, payout } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { AppError } from "#server/errors.js";
import { userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import { requireUsableAddress } from "../withdrawal-addresses/require-usable-address.js";
import { toPayoutDto } from "./payout-dto.js";

const DAY_MS = 86_400_000;

/**
 * The payout rules: the address is a usable one of the caller's own list (else 403
 * ADDRESS_NOT_ALLOWED), the amount within the payout limits, the available balance and the 24-hour
 * total. `lock` takes the user's available account first (a real request: concurrent ones then see
 * each other in the daily total); the review before a request checks without it and moves nothing.
 */
export async function checkPayout(
  tx: DbExecutor,
  config: Config,
  userId: string,
  { amount, walletAddress }: { amount: bigint; walletAddress: string },
  now: Date,
  options: { lock: boolean },
): Promise<void> {
  await requireUsableAddress(tx, config, userId, walletAddress, now, options);
  const { minCents, maxCents, dailyMaxCents } = config.payouts;
  const limit =
    amount < minCents ? `The smallest payout is ${formatCents(minCents)}.` : amount > maxCents ? `The largest payout is ${formatCents(maxCents)}.` : null;
  if (limit) throw new AppError("VALIDATION_FAILED", limit, { amountCents: limit });

  const available = userAccount(userId, "available");
  const balance = tx.select({ balance: ledgerAccount.balanceCents }).from(ledgerAccount).where(eq(ledgerAccount.id, available.id));
  const [account] = options.lock ? await balance.for("update") : await balance;
  if (!account || (account.balance ?? 0n) < amount) throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this payout.");

  const [today] = await tx
    .select({ total: sql<string>`coalesce(sum(${payout.amountCents}), 0)::text` })
    .from(payout)
    .where(and(eq(payout.userId, userId), inArray(payout.status, ["requested", "paid"]), gte(payout.createdAt, new Date(now.getTime() - DAY_MS))));
  const used = BigInt(today?.total ?? "0");
  if (used + amount > dailyMaxCents) {
    const message = `You can withdraw at most ${formatCents(dailyMaxCents)} in 24 hours; ${formatCents(dailyMaxCents - used > 0n ? dailyMaxCents - used : 0n)} is left.`;
    throw new AppError("VALIDATION_FAILED", message, { amountCents: message });
  }
}

/**
 * Moves the amount from available to the payout hold at once, so it cannot be spent twice while
 * an operator sends it. The user's available account is locked first, so concurrent requests see
 * each other in the daily total.
 */
export async function requestPayout(
  tx: DbExecutor,
  config: Config,
  userId: string,
  input: CreatePayoutInput,
  now: Date,
): Promise<{ payout: PayoutDto; notification: NotificationInput }> {
  const amount = BigInt(input.amountCents);
  await checkPayout(tx, config, userId, { amount, walletAddress: input.walletAddress }, now, { lock: true });
  const available = userAccount(userId, "available");

  // Four eyes counts a recipient's payouts over 24 hours, not each alone: a large sum split into
  // payouts under PAYOUT_APPROVAL_USD, to this account or to this address from any account, still
  // needs a second admin from the payout that reaches it. Payouts to one address are counted one
  // after another, whichever accounts ask at once (this account's already are, by its balance lock).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payout-address:${input.walletAddress}`}, 0))`);
  const [toRecipient] = await tx
    .select({ total: sql<string>`coalesce(sum(${payout.amountCents}), 0)::text` })
    .from(payout)
    .where(
      and(
        or(eq(payout.userId, userId), eq(payout.walletAddress, input.walletAddress)),
        inArray(payout.status, ["requested", "paid"]),
        gte(payout.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  const needsApproval = BigInt(toRecipient?.total ?? "0") + amount >= config.payouts.approvalCents;

  const id = randomUUID();
  const journal = await postJournal(tx, {
    idempotencyKey: `payout:${id}:hold`,
    kind: "payout_request",
    userId,
    reference: input.walletAddress,
    postings: [
      { account: available, amountCents: -amount },
      { account: userAccount(userId, "payout_hold"), amountCents: amount },
    ],
  });
  const [row] = await tx
    .insert(payout)
    .values({ id, userId, amountCents: amount, walletAddress: input.walletAddress, holdJournalId: journal.journalId, needsApproval, createdAt: now })
    .returning();
  if (!row) throw new Error("payout insert returned nothing");
  const notification: NotificationInput = {
    userId,
    kind: "payout_requested",
    title: "Payout requested",
    body: `Your payout of ${formatCents(amount)} to ${input.walletAddress} is waiting to be sent. The amount is held until then.`,
    subjectId: id,
  };
  await notify(tx, notification);
  return { payout: toPayoutDto(row), notification };
}
