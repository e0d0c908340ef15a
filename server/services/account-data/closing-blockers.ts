import { sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { DbExecutor } from "#server/db/client.js";
import { userAccount, type UserAccountKind } from "../ledger/accounts.js";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Counts = { investments: string; payouts: string; deposits: string };

/**
 * What stands between an account and closing it (docs/product.md, "Your data and closing an
 * account"), in the investor's words, each with what to do; empty when it may close. An account
 * closes only with nothing invested, no withdrawal waiting, no deposit waiting to be credited and
 * every one of its ledger accounts at zero: nothing the platform holds for it may be left behind.
 *
 * A deposit waits while an operator may still confirm it (`pending`), while an invoice is open or a
 * late payment to it is still looked for (`expired`, BITCOIN_MONITOR_HOURS after expiry), and while
 * an invoice's odd payment waits for an operator (an `exception` not yet settled or invalid).
 * The caller holds the ledger accounts' locks, so the balances read here cannot move before it commits.
 */
export async function closingBlockers(tx: DbExecutor, userId: string, now: Date, monitorHours: number): Promise<string[]> {
  const kinds: UserAccountKind[] = ["available", "invested", "payout_hold"];
  const ids = kinds.map((kind) => userAccount(userId, kind).id);
  const watchedSince = new Date(now.getTime() - monitorHours * 3_600_000).toISOString();
  const [balances, counts] = await Promise.all([
    tx.execute(sql`select id, balance_cents::text as cents from ledger_account where id = any(${sql.param(ids)}::text[])`),
    tx.execute(sql`select
      (select count(*) from investment where user_id = ${userId} and status = 'active')::text as investments,
      (select count(*) from payout where user_id = ${userId} and status = 'requested')::text as payouts,
      (select count(*) from deposit where user_id = ${userId} and (status in ('pending', 'new', 'processing')
         or (status = 'expired' and rate_cents_per_btc is not null and (exception is not null or expires_at > ${watchedSince}::timestamptz))))::text as deposits`),
  ]);
  const balance = new Map((balances as unknown as { rows: Array<{ id: string; cents: string | null }> }).rows.map((row) => [row.id, BigInt(row.cents ?? "0")]));
  const [available, invested, held] = ids.map((id) => balance.get(id) ?? 0n) as [bigint, bigint, bigint];
  const row = (counts as unknown as { rows: Counts[] }).rows[0];
  const investments = Number(row?.investments ?? 0);
  const payouts = Number(row?.payouts ?? 0);
  const deposits = Number(row?.deposits ?? 0);

  const blockers: string[] = [];
  if (available !== 0n) blockers.push(`Your Main Balance is ${formatCents(available)}: withdraw it, or send it to another investor, first.`);
  if (investments > 0) blockers.push(`${plural(investments, "investment is", "investments are")} still running: wait until ${investments === 1 ? "it matures" : "they mature"}, or withdraw early where the plan allows.`);
  else if (invested !== 0n) blockers.push(`${formatCents(invested)} is still invested.`);
  if (payouts > 0) blockers.push(`${plural(payouts, "withdrawal is", "withdrawals are")} waiting to be sent: wait until ${payouts === 1 ? "it is" : "they are"} paid, or cancel ${payouts === 1 ? "it" : "them"}.`);
  else if (held !== 0n) blockers.push(`${formatCents(held)} is held for a withdrawal.`);
  if (deposits > 0) blockers.push(`${plural(deposits, "deposit is", "deposits are")} waiting to be credited: wait until our team has confirmed or rejected ${deposits === 1 ? "it" : "them"}.`);
  return blockers;
}
