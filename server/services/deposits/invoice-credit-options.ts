import { and, eq, isNotNull } from "drizzle-orm";
import { centsToDecimal, formatBtc, toJsonCents } from "#shared/money.js";
import type { InvoiceCreditOptionsDto } from "#shared/schemas/deposits.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { currentBtcRate, type BtcRateService } from "../bitcoin/rates/btc-rate.js";
import { invoiceCredit } from "./invoice-credit.js";
import { receivedSats } from "./invoice-state.js";

/**
 * Both figures an operator chooses between before crediting an expired invoice: what arrived at
 * the locked rate and, for a late payment, at the rate now. The same function credits it
 * (invoice-credit.ts), so what is shown is what would be credited at this moment.
 */
export async function readInvoiceCreditOptions(db: DbExecutor, depositId: string, rates: BtcRateService | undefined): Promise<InvoiceCreditOptionsDto> {
  const [row] = await db
    .select()
    .from(deposit)
    .where(and(eq(deposit.id, depositId), isNotNull(deposit.rateCentsPerBtc)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "No such invoice.");
  if (row.status !== "expired") throw new AppError("CONFLICT", `This invoice is ${row.status}: only an expired one waits for your decision.`);
  const option = (credit: ReturnType<typeof invoiceCredit>) => ({ rateUsd: centsToDecimal(credit.rate), cents: toJsonCents(credit.cents) });
  const locked = option(invoiceCredit(row, "locked", undefined));
  if (row.exception !== "paid_late") {
    return { receivedBtc: formatBtc(receivedSats(row.payments ?? [])), locked, current: null, currentUnavailable: "The payment arrived in time, so it is credited at the rate it was locked at." };
  }
  try {
    const current = option(invoiceCredit(row, "current", await currentBtcRate(rates)));
    return { receivedBtc: formatBtc(receivedSats(row.payments ?? [])), locked, current, currentUnavailable: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "RATE_UNAVAILABLE") throw error;
    return { receivedBtc: formatBtc(receivedSats(row.payments ?? [])), locked, current: null, currentUnavailable: error.message };
  }
}
