import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { centsToSatsRoundedUp, formatCents, type CentsPerBtc } from "#shared/money.js";
import type { CreateDepositInput, DepositDto } from "#shared/schemas/deposits.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, depositAddress } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { AppError } from "#server/errors.js";
import { checkDepositAllowance } from "../verification/identity-level.js";
import { checkBankReference, markBankReferenceUsed } from "./bank-reference.js";
import { cryptoAddressFor } from "./crypto-address.js";
import { toDepositDto } from "./deposit-dto.js";
import { newDepositReference } from "./deposit-reference.js";

const DAY_MS = 86_400_000;
/**
 * Deposits one user may have waiting for an operator at once: enough for a bank transfer and a
 * crypto one in flight with room to spare, few enough that nobody can flood the review queue or
 * use up the xpub's fresh addresses.
 */
export const MAX_PENDING_DEPOSITS = 5;
/** Deposits that count against MAX_PENDING_DEPOSITS: waiting for an operator, or an invoice not yet paid or confirmed. */
const WAITING = ["pending", "new", "processing"];

/**
 * A crypto deposit in automatic mode becomes an invoice: the rate the caller fetched
 * before the transaction (`createBtcRateService().current()`), locked on the deposit.
 */
export interface InvoiceTerms {
  centsPerBtc: CentsPerBtc;
  invoiceMinutes: number;
  requiredConfirmations: number;
}

/**
 * Records what the user says they sent, or, with `invoice` (automatic crypto deposits), an invoice:
 * a fresh address, the satoshis to send at the locked rate (rounded up), `new` until paid, expiring
 * after BITCOIN_INVOICE_MINUTES; the watcher (watch-invoices.ts) credits it.
 *
 * Otherwise it records what the user says they sent. Nothing is credited: the deposit is pending until an
 * operator confirms the money arrived. A bank deposit takes the reference the user was given
 * with the bank details (`bankReferenceFor`), which the operator finds on the bank statement.
 */
export async function createDeposit(
  tx: DbExecutor,
  config: Config,
  userId: string,
  input: CreateDepositInput,
  now = new Date(),
  invoice?: InvoiceTerms,
): Promise<DepositDto> {
  const amount = BigInt(input.amountCents);
  const { minCents, maxCents, expiryDays } = config.deposits;
  const outOfRange =
    amount < minCents ? `The smallest deposit is ${formatCents(minCents)}.` : amount > maxCents ? `The largest deposit is ${formatCents(maxCents)}.` : null;
  if (outOfRange) throw new AppError("VALIDATION_FAILED", outOfRange, { amountCents: outOfRange });
  // Only to an account the operator configured: a transfer to any other could never be matched.
  if (input.method === "bank" && !config.site.banks.some((bank) => bank.key === input.bank)) {
    const message = "Choose one of the banks shown: the operator takes no transfers at this one.";
    throw new AppError("VALIDATION_FAILED", message, { bank: message });
  }

  // One user's deposits are made one at a time, so the count below cannot be raced past.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposits:${userId}`}, 0))`);
  const [waiting] = await tx
    .select({ n: count() })
    .from(deposit)
    .where(and(eq(deposit.userId, userId), inArray(deposit.status, WAITING)));
  if ((waiting?.n ?? 0) >= MAX_PENDING_DEPOSITS) {
    throw new AppError("CONFLICT", `You already have ${MAX_PENDING_DEPOSITS} deposits waiting for confirmation. Please wait until they are confirmed before you add another.`);
  }

  await checkDepositAllowance(tx, config, userId, amount);

  // A bank transfer quotes the reference the user was shown before paying; crypto gets a new one.
  if (input.method === "bank") await checkBankReference(tx, userId, input.reference);
  const id = randomUUID();
  const terms = input.method === "crypto" ? invoice : undefined;
  const address = input.method === "crypto" ? (await cryptoAddressFor(tx, config, userId)).address : null;
  const [row] = await tx
    .insert(deposit)
    .values({
      id,
      userId,
      method: input.method,
      amountCents: amount,
      coin: input.method === "crypto" ? input.coin : null,
      bank: input.method === "bank" ? input.bank : null,
      address,
      txId: input.method === "crypto" ? input.txId || null : null,
      reference: input.method === "bank" ? input.reference : newDepositReference(),
      createdAt: now,
      ...(terms
        ? {
            status: "new",
            expiresAt: new Date(now.getTime() + terms.invoiceMinutes * 60_000),
            rateCentsPerBtc: terms.centsPerBtc,
            amountSats: centsToSatsRoundedUp(amount, terms.centsPerBtc),
            requiredConfirmations: terms.requiredConfirmations,
            payments: [],
          }
        : { expiresAt: new Date(now.getTime() + expiryDays * DAY_MS) }),
    })
    .returning();
  if (!row) throw new Error("deposit insert returned nothing");
  if (input.method === "bank") await markBankReferenceUsed(tx, input.reference, id);
  if (address && config.site.bitcoin.xpub) {
    // The address now belongs to this deposit; the user's next deposit gets a fresh one.
    await tx
      .update(depositAddress)
      .set({ depositId: id })
      .where(and(eq(depositAddress.address, address), eq(depositAddress.userId, userId), isNull(depositAddress.depositId)));
  }
  return toDepositDto(row, config.site.name);
}
