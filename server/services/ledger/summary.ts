import { sql } from "drizzle-orm";
import { toJsonCents } from "#shared/money.js";
import type { SummaryDto } from "#shared/schemas/ledger.js";
import type { DbExecutor } from "#server/db/client.js";
import { platformAccount, userAccount } from "./accounts.js";
import { VersionedMemo } from "./versioned-memo.js";

type Row = { part: "own" | "flow" | "pending"; id: string; cents: string; version: string | null };

const DEPOSITS = platformAccount("deposits").id;
const INTEREST = platformAccount("interest").id;
const PAYOUTS = platformAccount("payouts").id;

/** The user's three account rows with their versions, and the sum of their deposits not yet confirmed. */
const ownRows = (own: string[], userId: string) => sql`
  select 'own' as part, id, balance_cents::text as cents, xmin::text as version from ledger_account where id = any(${sql.param(own)}::text[])
  union all
  select 'pending', 'deposits', coalesce(sum(amount_cents), 0)::text, null from deposit where user_id = ${userId} and status = 'pending'`;

/**
 * The same, and what crossed the platform's accounts in the journals that moved the user's own
 * money (every deposit, maturity and paid payout credits or debits one of them), in one snapshot.
 * Read through the posting key (account, journal) alone, so journals need no index by user (decision 0020).
 */
const ownRowsAndFlows = (own: string[], userId: string) => sql`${ownRows(own, userId)}
  union all
  select 'flow', p.account_id, sum(p.amount_cents)::text, null from posting p
  where p.account_id = any(${sql.param([DEPOSITS, INTEREST, PAYOUTS])}::text[])
    and p.journal_id in (select o.journal_id from posting o where o.account_id = any(${sql.param(own)}::text[]))
  group by p.account_id`;

/**
 * The flows are the one part of the summary whose cost grows with a user's history: remembered per
 * process under the versions of the user's account rows (./versioned-memo.ts). Every journal that
 * moves one of the user's accounts writes its row, which changes its version, so a journal posted
 * through any server makes the remembered flows unusable at once.
 */
const rememberedFlows = new VersionedMemo<Map<string, bigint>>();

/** The versions of the rows, in account id order: the key the flows are remembered under. */
function versionOf(rows: Row[]): string {
  return rows
    .filter((row) => row.part === "own")
    .map((row) => `${row.id}@${row.version}`)
    .sort()
    .join(",");
}

const cents = (rows: Row[], part: Row["part"], id: string) => BigInt(rows.find((row) => row.part === part && row.id === id)?.cents ?? "0");

/** The six dashboard figures (docs/product.md, "The six figures"), read from the ledger. */
export async function summarize(db: DbExecutor, userId: string, now = Date.now()): Promise<SummaryDto> {
  const own = [userAccount(userId, "available").id, userAccount(userId, "invested").id, userAccount(userId, "payout_hold").id];
  const read = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  let rows = await read(ownRows(own, userId));
  const remembered = rememberedFlows.get(userId, now);
  let flows: Map<string, bigint>;
  if (remembered?.version === versionOf(rows)) {
    flows = remembered.value;
  } else {
    rows = await read(ownRowsAndFlows(own, userId));
    flows = new Map([DEPOSITS, INTEREST, PAYOUTS].map((id) => [id, cents(rows, "flow", id)]));
    rememberedFlows.set(userId, versionOf(rows), flows, now);
  }
  const flow = (id: string) => flows.get(id) ?? 0n;
  const [available, invested, held] = own.map((id) => cents(rows, "own", id)) as [bigint, bigint, bigint];
  return {
    mainBalanceCents: toJsonCents(available),
    interestBalanceCents: toJsonCents(-flow(INTEREST)),
    totalInvestCents: toJsonCents(invested),
    totalPayoutCents: toJsonCents(flow(PAYOUTS)),
    totalTransactionCents: toJsonCents(-flow(DEPOSITS)),
    totalBalanceCents: toJsonCents(available + invested + held),
    // Claims not yet confirmed: shown beside the figures, never in them (docs/product.md, "The six figures").
    pendingDepositsCents: toJsonCents(cents(rows, "pending", "deposits")),
    // Every requested withdrawal is held on this account until it is sent, rejected or cancelled.
    pendingWithdrawalsCents: toJsonCents(held),
  };
}
