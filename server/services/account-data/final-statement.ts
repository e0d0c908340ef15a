import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { platformAccount, userAccount } from "../ledger/accounts.js";

/** The account's whole history on one page: what the closing e-mail states (server/mail/final-statement-mail.ts). */
export interface FinalStatement {
  /** The Main Balance when the account opened: always zero (a new account's ledger accounts start empty). */
  openingCents: bigint;
  /** Σ of what raised the Main Balance, and of what lowered it (as a positive amount), over the account's life. */
  creditsCents: bigint;
  debitsCents: bigint;
  /** How many movements touched the Main Balance. */
  movements: number;
  closingCents: bigint;
  /** Over the account's life: credited deposits, interest earned, payouts sent, fees paid. */
  depositedCents: bigint;
  interestCents: bigint;
  paidOutCents: bigint;
  feesCents: bigint;
}

const FLOWS = (["deposits", "interest", "payouts", "fees"] as const).map((kind) => platformAccount(kind).id);

/**
 * Read in the closing transaction, under its locks on the user's ledger accounts: every posting on
 * the Main Balance, and the platform's side of every journal that moved one of the user's accounts.
 * Checked like a monthly statement (opening + credits − debits must be the closing balance), so a
 * statement that does not add up is never sent and the closing rolls back.
 */
export async function readFinalStatement(tx: DbExecutor, userId: string): Promise<FinalStatement> {
  const main = userAccount(userId, "available").id;
  const own = (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);
  const [totals] = (
    (await tx.execute(sql`select coalesce(sum(amount_cents) filter (where amount_cents > 0), 0)::text as credits,
        coalesce(-sum(amount_cents) filter (where amount_cents < 0), 0)::text as debits,
        count(*)::int as movements,
        (select balance_cents::text from ledger_account where id = ${main}) as closing
      from posting where account_id = ${main} and account_id like 'u:%'`)) as unknown as { rows: Array<{ credits: string; debits: string; movements: number; closing: string | null }> }
  ).rows;
  const flows = (
    (await tx.execute(sql`select account_id, sum(amount_cents)::text as cents from posting
      where account_id = any(${sql.param(FLOWS)}::text[])
        and journal_id in (select journal_id from posting where account_id = any(${sql.param(own)}::text[]) and account_id like 'u:%')
      group by account_id`)) as unknown as { rows: Array<{ account_id: string; cents: string }> }
  ).rows;
  const flow = (kind: "deposits" | "interest" | "payouts" | "fees") => BigInt(flows.find((row) => row.account_id === platformAccount(kind).id)?.cents ?? "0");
  const statement: FinalStatement = {
    openingCents: 0n,
    creditsCents: BigInt(totals?.credits ?? "0"),
    debitsCents: BigInt(totals?.debits ?? "0"),
    movements: Number(totals?.movements ?? 0),
    closingCents: BigInt(totals?.closing ?? "0"),
    // The platform's accounts move the other way: p:deposits is debited by what it credits to users.
    depositedCents: -flow("deposits"),
    interestCents: -flow("interest"),
    paidOutCents: flow("payouts"),
    feesCents: flow("fees"),
  };
  if (statement.openingCents + statement.creditsCents - statement.debitsCents !== statement.closingCents) {
    throw new Error(`final statement of ${userId} does not add up: ${statement.creditsCents} in, ${statement.debitsCents} out, closing ${statement.closingCents}`);
  }
  return statement;
}
