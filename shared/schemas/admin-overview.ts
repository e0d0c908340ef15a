import * as z from "zod/mini";

/** A queue of requests waiting for an operator: how many, how much, and how long the oldest has waited. */
const queueFigures = z.object({
  count: z.number(),
  totalCents: z.number(),
  /** When the oldest waiting request was made; null when none waits. */
  oldestAt: z.nullable(z.string()),
  oldestAgeSeconds: z.nullable(z.number()),
});

/** What crossed the platform's ledger accounts in one period (docs/product.md, money model). */
const flowFigures = z.object({
  /** Confirmed deposits: Σ credited from the deposits account. */
  moneyInCents: z.number(),
  /** Profit paid at maturity: Σ credited from the interest account. */
  interestPaidCents: z.number(),
  /** Early-withdrawal fees kept: Σ credited to the fees account. */
  feesCents: z.number(),
  /** Payouts marked paid: Σ moved to the payouts account. */
  moneyOutCents: z.number(),
});

export const MATURING_WITHIN_DAYS = 7;

/** Points in the overview's daily series: today and the days before it. */
export const DAILY_SERIES_DAYS = 90;

/**
 * One UTC day (decision 0061). A completed day's figures are null until the daily-figures job has
 * summed it (the first minutes after midnight, or before its first run); today's are so far.
 */
const dailyPoint = z.object({
  /** "YYYY-MM-DD", UTC. */
  day: z.string(),
  /** Credited from the deposits account that day (the ledger's "money in"). */
  depositsCents: z.nullable(z.number()),
  /** Moved to the payouts account that day: payouts marked paid. */
  payoutsCents: z.nullable(z.number()),
  /** Σ of every user account's balance at the day's end (today: now). */
  underManagementCents: z.nullable(z.number()),
});

/** GET /api/admin/overview: every figure read from the database for this answer (the ledger check as the periodic job last stored it). */
export const adminOverviewDto = z.object({
  generatedAt: z.string(),
  pendingDeposits: queueFigures,
  pendingPayouts: z.extend(queueFigures, {
    /** Payouts at or above PAYOUT_APPROVAL_USD that no second admin has approved yet (four eyes). */
    awaitingSecondApproval: z.number(),
  }),
  /** Active investments that mature within MATURING_WITHIN_DAYS (or are already due and not yet settled). */
  maturing: z.object({ withinDays: z.number(), count: z.number(), principalCents: z.number(), profitCents: z.number() }),
  /** What the platform owes its users: Σ of every user's three accounts. */
  liabilities: z.object({ availableCents: z.number(), investedCents: z.number(), payoutHoldCents: z.number(), totalCents: z.number() }),
  /** "today" is the UTC calendar day; "last30Days" today and the 29 UTC days before it. */
  flows: z.object({ today: flowFigures, last30Days: flowFigures, allTime: flowFigures }),
  /** DAILY_SERIES_DAYS points, oldest first, the last one today (UTC). */
  daily: z.array(dailyPoint),
  ledgerCheck: z.object({ checkedAt: z.string(), problems: z.array(z.string()) }),
  lastSettlementRun: z.nullable(
    z.object({ startedAt: z.string(), finishedAt: z.string(), settled: z.number(), profitCents: z.number(), error: z.nullable(z.string()) }),
  ),
});
export type AdminOverviewDto = z.infer<typeof adminOverviewDto>;
export type FlowFigures = z.infer<typeof flowFigures>;
export type DailyPoint = z.infer<typeof dailyPoint>;
