import { sql, type SQL } from "drizzle-orm";
import type { ledgerTotalsHour } from "#server/db/schema.js";
import type { UserAccountKind } from "../ledger/accounts.js";
import { platformAccount } from "../ledger/accounts.js";

/**
 * The ledger's totals the overview reads (decision 0065): every user account of each kind together,
 * and each platform account's balance (the sum of its postings; they keep no balance row).
 */
export interface LedgerTotals {
  available: bigint;
  invested: bigint;
  payoutHold: bigint;
  deposits: bigint;
  interest: bigint;
  payouts: bigint;
  fees: bigint;
}

type Part = keyof LedgerTotals;

const userKind = (kind: UserAccountKind) => sql.raw(`account_id like 'u:%:${kind}'`);
const platform = (kind: "deposits" | "interest" | "payouts" | "fees") => sql`account_id = ${platformAccount(kind).id}`;

/** Which postings make each total. */
const PARTS: Record<Part, SQL> = {
  available: userKind("available"),
  invested: userKind("invested"),
  payoutHold: userKind("payout_hold"),
  deposits: platform("deposits"),
  interest: platform("interest"),
  payouts: platform("payouts"),
  fees: platform("fees"),
};

const PART_NAMES = Object.keys(PARTS) as Part[];

export const ZERO_TOTALS: LedgerTotals = { available: 0n, invested: 0n, payoutHold: 0n, deposits: 0n, interest: 0n, payouts: 0n, fees: 0n };

/**
 * Select-list items summing the postings of each total, as text columns named `<prefix><part>`,
 * over the postings that also match `within` (every posting of the query when absent).
 */
export function sumTotals(prefix: string, within?: SQL): SQL {
  return sql.join(
    PART_NAMES.map((part) => {
      const where = within ? sql`${PARTS[part]} and ${within}` : PARTS[part];
      return sql`coalesce(sum(amount_cents) filter (where ${where}), 0)::text as ${sql.identifier(prefix + part)}`;
    }),
    sql`, `,
  );
}

/** The totals a query's row carries under `prefix` (see sumTotals). */
export function totalsOf(row: Record<string, unknown>, prefix: string): LedgerTotals {
  return Object.fromEntries(PART_NAMES.map((part) => [part, BigInt(String(row[prefix + part] ?? "0"))])) as unknown as LedgerTotals;
}

const combine = (a: LedgerTotals, b: LedgerTotals, sign: 1n | -1n): LedgerTotals =>
  Object.fromEntries(PART_NAMES.map((part) => [part, a[part] + sign * b[part]])) as unknown as LedgerTotals;

export const addTotals = (a: LedgerTotals, b: LedgerTotals) => combine(a, b, 1n);
export const subtractTotals = (a: LedgerTotals, b: LedgerTotals) => combine(a, b, -1n);

/** What users hold together: the overview's liabilities and the charts' money under management. */
export const underManagement = (totals: LedgerTotals) => totals.available + totals.invested + totals.payoutHold;

/** The totals a stored day or a stored hour of today ends with (both tables keep the same columns). */
export function storedTotals(row: Omit<typeof ledgerTotalsHour.$inferSelect, "at">): LedgerTotals {
  return {
    available: row.availableCents,
    invested: row.investedCents,
    payoutHold: row.payoutHoldCents,
    deposits: row.depositsAccountCents,
    interest: row.interestAccountCents,
    payouts: row.payoutsAccountCents,
    fees: row.feesAccountCents,
  };
}
