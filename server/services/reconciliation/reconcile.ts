import { toJsonCents } from "#shared/money.js";
import { sql } from "drizzle-orm";
import { hasDifference, RECONCILIATION_MAX_DAYS, type ReconciliationDay, type ReconciliationDto } from "#shared/schemas/reconciliation.js";
import type { DbExecutor } from "#server/db/client.js";
import { AppError } from "#server/errors.js";
import { platformAccount } from "../ledger/accounts.js";

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period asked for, or the 30 days up to today (UTC); refused when reversed or too long. */
export function reconciliationPeriod(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw new AppError("VALIDATION_FAILED", "from must be on or before to.", { from: "from must be on or before to." });
  if (days > RECONCILIATION_MAX_DAYS) throw new AppError("VALIDATION_FAILED", `A reconciliation covers at most ${RECONCILIATION_MAX_DAYS} days.`, { from: `At most ${RECONCILIATION_MAX_DAYS} days.` });
  return { from, to };
}

interface DayRow {
  day: string;
  deposits_confirmed: string;
  deposits_ledger: string;
  payouts_paid: string;
  payouts_ledger: string;
  profit_paid: string;
  interest_ledger: string;
  fees_charged: string;
  fees_ledger: string;
  liabilities: string;
}

/**
 * Per UTC day, what the business tables say moved beside what the platform accounts recorded:
 * confirmed deposits (what was received) against the deposits account, paid payouts against the
 * payouts account, profit of settled investments (paid out or rolled over) against the interest account, fees kept by
 * early withdrawals against the fees account (the platform side is negative for money coming in,
 * so it is turned to the same sign). Liabilities are every user
 * account's postings up to the end of the day. Read from the tables each time, nothing cached.
 */
export async function reconcile(db: DbExecutor, period: { from: string; to: string }): Promise<ReconciliationDto> {
  const start = `${period.from}T00:00:00Z`;
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString();
  const utcDay = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  const platform = (kind: "deposits" | "payouts" | "interest" | "fees", sign: 1 | -1) => sql`
    select ${utcDay("created_at")} as day, ${sign}::bigint * sum(amount_cents) as cents from posting
    where account_id = ${platformAccount(kind).id} and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1`;
  const result = (await db.execute(sql`
    with days as (
      select to_char(d, 'YYYY-MM-DD') as day from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') d
    ),
    deposits as (
      select ${utcDay("decided_at")} as day, sum(coalesce(received_cents, amount_cents)) as cents from deposit
      where status = 'confirmed' and decided_at >= ${start}::timestamptz and decided_at < ${end}::timestamptz group by 1
    ),
    payouts as (
      select ${utcDay("decided_at")} as day, sum(amount_cents) as cents from payout
      where status = 'paid' and decided_at >= ${start}::timestamptz and decided_at < ${end}::timestamptz group by 1
    ),
    profit as (
      select ${utcDay("settled_at")} as day, sum(profit_cents) as cents from investment
      where status in ('matured', 'rolled_over') and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz group by 1
    ),
    fees as (
      select ${utcDay("settled_at")} as day, sum(early_withdrawal_fee_cents) as cents from investment
      where status = 'withdrawn_early' and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz group by 1
    ),
    deposits_ledger as (${platform("deposits", -1)}),
    payouts_ledger as (${platform("payouts", 1)}),
    interest_ledger as (${platform("interest", -1)}),
    fees_ledger as (${platform("fees", 1)}),
    -- User accounts are 'u:…', a range of the posting key, so this reads only their postings.
    opening as (
      select coalesce(sum(amount_cents), 0) as cents from posting where account_id >= 'u:' and account_id < 'u;' and created_at < ${start}::timestamptz
    ),
    user_moves as (
      select ${utcDay("created_at")} as day, sum(amount_cents) as cents from posting
      where account_id >= 'u:' and account_id < 'u;' and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1
    )
    select days.day,
      coalesce(deposits.cents, 0)::text as deposits_confirmed, coalesce(deposits_ledger.cents, 0)::text as deposits_ledger,
      coalesce(payouts.cents, 0)::text as payouts_paid, coalesce(payouts_ledger.cents, 0)::text as payouts_ledger,
      coalesce(profit.cents, 0)::text as profit_paid, coalesce(interest_ledger.cents, 0)::text as interest_ledger,
      coalesce(fees.cents, 0)::text as fees_charged, coalesce(fees_ledger.cents, 0)::text as fees_ledger,
      ((select cents from opening) + sum(coalesce(user_moves.cents, 0)) over (order by days.day))::text as liabilities
    from days
      left join deposits using (day) left join deposits_ledger using (day)
      left join payouts using (day) left join payouts_ledger using (day)
      left join profit using (day) left join interest_ledger using (day)
      left join fees using (day) left join fees_ledger using (day)
      left join user_moves using (day)
    order by days.day`)) as unknown as { rows: DayRow[] };
  const cents = (text: string) => toJsonCents(BigInt(text));
  /** A business figure, the platform account that must mirror it, and their difference. */
  const compare = (business: string, ledger: string) => [cents(business), cents(ledger), cents(business) - cents(ledger)] as const;
  const days = result.rows.map((row): ReconciliationDay => {
    const [depositsConfirmedCents, depositsLedgerCents, depositsDifferenceCents] = compare(row.deposits_confirmed, row.deposits_ledger);
    const [payoutsPaidCents, payoutsLedgerCents, payoutsDifferenceCents] = compare(row.payouts_paid, row.payouts_ledger);
    const [profitPaidCents, interestLedgerCents, interestDifferenceCents] = compare(row.profit_paid, row.interest_ledger);
    const [feesChargedCents, feesLedgerCents, feesDifferenceCents] = compare(row.fees_charged, row.fees_ledger);
    return {
      day: row.day,
      depositsConfirmedCents,
      depositsLedgerCents,
      depositsDifferenceCents,
      payoutsPaidCents,
      payoutsLedgerCents,
      payoutsDifferenceCents,
      profitPaidCents,
      interestLedgerCents,
      interestDifferenceCents,
      feesChargedCents,
      feesLedgerCents,
      feesDifferenceCents,
      liabilitiesCents: cents(row.liabilities),
    };
  });
  return { ...period, days, daysWithDifferences: days.filter(hasDifference).length };
}
