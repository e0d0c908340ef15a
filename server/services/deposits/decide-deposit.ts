import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { formatBtc, formatCents } from "#shared/money.js";
import type { DepositDto } from "#shared/schemas/deposits.js";
import type { DbExecutor } from "#server/db/client.js";
import type { Config } from "#server/env.js";
import { deposit, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { ApprovalDto } from "#shared/schemas/approvals.js";
import { SHORT_CREDIT_REASON_REQUIRED, type InvoiceCreditRate } from "#shared/schemas/deposits.js";
import { refusePendingApproval } from "../approvals/pending-approval.js";
import { requestApproval } from "../approvals/request-approval.js";
import { recordAudit } from "../audit/record-audit.js";
import { postDepositCredit } from "./post-deposit-credit.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import { toDepositDto, type DepositRow } from "./deposit-dto.js";
import { invoiceCredit, type InvoiceCredit } from "./invoice-credit.js";
import { presentPayments } from "./invoice-state.js";

export interface Decision {
  deposit: DepositDto;
}

/** A confirmation either credits the deposit, or waits for a second admin (four eyes) and credits nothing yet. */
export type ConfirmOutcome = Decision | { pendingApproval: ApprovalDto };

/** Nobody decides on their own deposit: an admin's own goes to another admin. */
function refuseOwnDeposit(current: DepositRow, actorId: string): void {
  if (current.userId === actorId) throw new AppError("FORBIDDEN", "This is your own deposit, so another admin must decide on it.");
}

/** Locks the deposit row; a decided deposit can never change again. */
async function lockUndecided(tx: DbExecutor, depositId: string): Promise<DepositRow & { email: string }> {
  const [row] = await tx
    .select({ deposit, email: user.email })
    .from(deposit)
    .innerJoin(user, eq(user.id, deposit.userId))
    .where(eq(deposit.id, depositId))
    .for("update", { of: deposit });
  if (!row) throw new AppError("NOT_FOUND", "No such deposit.");
  if (row.deposit.status === "confirmed" || row.deposit.status === "rejected") {
    throw new AppError("CONFLICT", `This deposit was already ${row.deposit.status}.`);
  }
  // An invoice (automatic mode) is the watcher's while it is open, and final once settled or invalid;
  // only an expired one (paid short or late) waits for an operator.
  if (row.deposit.status === "settled" || row.deposit.status === "invalid") throw new AppError("CONFLICT", `This invoice is already ${row.deposit.status}.`);
  if (row.deposit.status === "new" || row.deposit.status === "processing") {
    throw new AppError("CONFLICT", "This invoice is still open: it is credited by itself once paid, or comes to you if it expires paid short or late.");
  }
  return { ...row.deposit, email: row.email };
}

export interface ConfirmInput {
  receivedCents?: number;
  txId?: string;
  /** Why the amount differs from the claim; required when it is less. */
  reason?: string;
  /** An invoice: credit at the locked rate or the current one (invoice-credit.ts). */
  rate?: InvoiceCreditRate;
  /** Set by the route (never by the caller's body): the current rate, asked before the transaction. */
  currentRateCentsPerBtc?: string;
  /** Set in an approval request: the cents the requester saw; the approver credits exactly these or nothing. */
  expectedCents?: number;
}

const NOT_AN_INVOICE_RATE = "Only a bitcoin invoice is credited at a rate.";
const INVOICE_AMOUNT_FROM_CHAIN = "An invoice is credited with what arrived on the chain: choose the rate, not an amount.";

/** What is credited: the operator's amount (or the claim), or for an invoice what arrived at the chosen rate. */
function creditOf(current: DepositRow, input: ConfirmInput): { cents: bigint; invoice?: InvoiceCredit } {
  if (current.rateCentsPerBtc === null) {
    if (input.rate !== undefined) throw new AppError("VALIDATION_FAILED", NOT_AN_INVOICE_RATE, { rate: NOT_AN_INVOICE_RATE });
    const cents = input.receivedCents === undefined ? current.amountCents : BigInt(input.receivedCents);
    if (cents < current.amountCents && !input.reason) throw new AppError("VALIDATION_FAILED", SHORT_CREDIT_REASON_REQUIRED, { reason: SHORT_CREDIT_REASON_REQUIRED });
    return { cents };
  }
  if (input.receivedCents !== undefined) throw new AppError("VALIDATION_FAILED", INVOICE_AMOUNT_FROM_CHAIN, { receivedCents: INVOICE_AMOUNT_FROM_CHAIN });
  const invoice = invoiceCredit(current, input.rate, input.currentRateCentsPerBtc === undefined ? undefined : BigInt(input.currentRateCentsPerBtc));
  if (input.expectedCents !== undefined && invoice.cents !== BigInt(input.expectedCents)) {
    throw new AppError("CONFLICT", `What arrived on the invoice's address changed since this was asked for: it would now credit ${formatCents(invoice.cents)}. Reject this request and credit it again.`);
  }
  return { cents: invoice.cents, invoice };
}

/**
 * Credits the amount that arrived to the user's available balance, exactly once: the row lock
 * serialises concurrent confirmations and the journal key `deposit:<id>` refuses a second credit.
 * Late money still counts, so an expired deposit can be confirmed too. An expired invoice is
 * credited with what arrived on the chain at the rate the operator chose (invoice-credit.ts) and
 * becomes `settled`, its exception kept. What is credited never
 * exceeds the deposit limit (DEPOSIT_MAX_USD), whoever confirms it, and never the owner's own.
 *
 * More than the user declared, or what brings the account's credited deposits of 24 hours to
 * DEPOSIT_APPROVAL_USD, is credited only with a second admin (four eyes: one admin alone must not
 * make money appear on an account): without `approvedBy` such a confirmation is recorded as an
 * approval request and credits nothing; approving it (server/services/approvals/decide-approval.ts)
 * calls this again with the approver.
 */
export async function confirmDeposit(
  tx: DbExecutor,
  limits: Pick<Config["deposits"], "maxCents" | "approvalCents">,
  actorId: string,
  depositId: string,
  input: ConfirmInput,
  now = new Date(),
  approvedBy?: string,
): Promise<ConfirmOutcome> {
  const current = await lockUndecided(tx, depositId);
  refuseOwnDeposit(current, actorId);
  if (approvedBy) refuseOwnDeposit(current, approvedBy);
  else await refusePendingApproval(tx, "deposit_confirm", current.id);
  const { cents: received, invoice } = creditOf(current, input);
  if (received > limits.maxCents) {
    const message = `The amount received cannot be more than the largest deposit, ${formatCents(limits.maxCents)}.`;
    throw new AppError("VALIDATION_FAILED", message, { receivedCents: message });
  }
  const overClaim = received > current.amountCents;
  if (!approvedBy && (overClaim || (await creditedToday(tx, current.userId, now)) + received >= limits.approvalCents)) {
    const what = invoice ? `${formatCents(received)} (${formatBtc(invoice.sats)} BTC at ${formatCents(invoice.rate)} per bitcoin)` : formatCents(received);
    const summary = overClaim
      ? `Credit ${what} to deposit ${current.reference} of ${current.email}, who ${invoice ? "was asked for" : "declared"} ${formatCents(current.amountCents)}.`
      : `Credit ${what} to deposit ${current.reference} of ${current.email}: with the day's other deposits it reaches ${formatCents(limits.approvalCents)}.`;
    const data: ConfirmInput = invoice
      ? { rate: input.rate, ...(input.currentRateCentsPerBtc ? { currentRateCentsPerBtc: input.currentRateCentsPerBtc } : {}), expectedCents: Number(received) }
      : { receivedCents: Number(received), ...(input.txId ? { txId: input.txId } : {}) };
    if (input.reason) data.reason = input.reason;
    const reason =
      input.reason ?? (overClaim ? `Confirmed as ${formatCents(received)}, more than the ${formatCents(current.amountCents)} declared.` : `Confirmed as declared; a large credit.`);
    return { pendingApproval: await requestApproval(tx, { kind: "deposit_confirm", targetType: "deposit", targetId: current.id, subjectUserId: current.userId, summary, data: { ...data }, reason, requestedBy: actorId }, now) };
  }
  const journal = await postDepositCredit(tx, current, received);
  const note = invoice ? [invoice.note, input.reason].filter(Boolean).join(" ") : received === current.amountCents ? null : (input.reason ?? null);
  const [updated] = await tx
    .update(deposit)
    .set({
      status: invoice ? "settled" : "confirmed",
      receivedCents: received,
      txId: input.txId || (invoice ? presentPayments(current.payments ?? [])[0]?.txid : undefined) || current.txId,
      creditNote: note,
      ...(invoice ? { creditedRateCentsPerBtc: invoice.rate } : {}),
      journalId: journal.journalId,
      decidedBy: actorId,
      decidedAt: now,
    })
    .where(eq(deposit.id, current.id))
    .returning();
  if (!updated) throw new Error("deposit update returned nothing");
  await recordAudit(tx, { actorId, action: "deposit.confirm", targetType: "deposit", targetId: current.id, before: strip(current), after: { ...updated, ...(approvedBy ? { approvedBy } : {}) } });
  const notification: NotificationInput = {
    userId: current.userId,
    kind: "deposit_confirmed",
    title: invoice ? "Deposit credited" : "Deposit confirmed",
    body: invoice
      ? `Your bitcoin deposit ${current.reference} was credited by our team: ${formatCents(received)} was added to your balance. ${note}`
      : received === current.amountCents
        ? `Your deposit ${current.reference} of ${formatCents(received)} has been confirmed and added to your balance.`
        : `Your deposit ${current.reference} was confirmed as ${formatCents(received)}, not the ${formatCents(current.amountCents)} you declared: ${formatCents(received)} was added to your balance.${input.reason ? ` Reason: ${input.reason}` : ""}`,
    subjectId: current.id,
  };
  await notify(tx, notification);
  return { deposit: toDepositDto(updated) };
}

/** What was credited to the account from deposits in the 24 hours before `now`, counted one after another per account. */
async function creditedToday(tx: DbExecutor, userId: string, now: Date): Promise<bigint> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposit-credits:${userId}`}, 0))`);
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${deposit.receivedCents}), 0)::text` })
    .from(deposit)
    .where(and(eq(deposit.userId, userId), inArray(deposit.status, ["confirmed", "settled"]), gte(deposit.decidedAt, new Date(now.getTime() - 86_400_000))));
  return BigInt(row?.total ?? "0");
}

/**
 * Refuses a deposit with a reason the investor reads: a claim becomes `rejected`, an expired
 * invoice `invalid` (what arrived on its address, if anything, is not credited). A refund is sent
 * outside the platform; its transaction id, when given, is kept and shown.
 */
export async function rejectDeposit(tx: DbExecutor, actorId: string, depositId: string, input: { reason: string; refundTxId?: string }, now = new Date()): Promise<Decision> {
  const { reason, refundTxId } = input;
  const current = await lockUndecided(tx, depositId);
  refuseOwnDeposit(current, actorId);
  await refusePendingApproval(tx, "deposit_confirm", current.id);
  const invoice = current.rateCentsPerBtc !== null;
  const [updated] = await tx
    .update(deposit)
    .set({ status: invoice ? "invalid" : "rejected", rejectReason: reason, refundTxId: refundTxId || null, decidedBy: actorId, decidedAt: now })
    .where(eq(deposit.id, current.id))
    .returning();
  if (!updated) throw new Error("deposit update returned nothing");
  await recordAudit(tx, { actorId, action: "deposit.reject", targetType: "deposit", targetId: current.id, before: strip(current), after: updated });
  const notification: NotificationInput = {
    userId: current.userId,
    kind: "deposit_rejected",
    title: invoice ? "Deposit marked invalid" : "Deposit not accepted",
    body:
      `Your deposit ${current.reference} of ${formatCents(current.amountCents)} was ${invoice ? "marked invalid, and nothing was credited" : "not accepted"}: ${reason}` +
      (refundTxId ? ` The refund was sent in transaction ${refundTxId}.` : ""),
    subjectId: current.id,
  };
  await notify(tx, notification);
  return { deposit: toDepositDto(updated) };
}

function strip({ email: _email, ...row }: DepositRow & { email: string }): DepositRow {
  return row;
}
