import * as z from "zod/mini";

/** What the marketing pages read without a session; every figure from the database (docs/product.md, "Principles"). */

export const SOCIAL_NETWORKS = ["facebook", "instagram", "linkedin", "twitter"] as const;

/** The company that runs the site, named in the footer and on the legal pages. */
export const operatorDto = z.object({
  legalName: z.string(),
  registrationNumber: z.string(),
  registeredAddress: z.string(),
  /** null: the operator declared it is not regulated. */
  regulator: z.nullable(z.string()),
  /** The operator has not set these yet (never in production); they are examples and the pages say so. */
  example: z.boolean(),
});
export type OperatorDto = z.infer<typeof operatorDto>;

/** Operator settings the public pages show; sent to the browser, so nothing secret belongs here. */
export const publicSiteDto = z.object({
  name: z.string(),
  supportEmail: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The support e-mail, phone or address were left unset (never in production): examples, and the pages say so. */
  contactsExample: z.boolean(),
  /** Only the networks the operator configured; an icon without a URL is not shown. */
  social: z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string()),
  operator: operatorDto,
  /**
   * Withdrawals: `inBitcoin` in automatic crypto mode (quoted at the current rate, the rate fixed when
   * an operator approves one; decision 0055), and PAYOUT_SEND_HOURS, within which one is sent.
   */
  payouts: z.object({ inBitcoin: z.boolean(), sendHours: z.number() }),
});

/**
 * The home page's counts. A count below the operator's PUBLIC_STATS_MIN is null, and the page
 * leaves it out: a young site is not advertised as "0 investors".
 */
export const publicStatsDto = z.object({
  /** Accounts held by investors (operators excluded). */
  investors: z.nullable(z.number()),
  /** Investments ever made, active or matured. */
  investments: z.nullable(z.number()),
  /** null when no plan is open. */
  activePlans: z.nullable(z.number()),
});
export type PublicStats = z.infer<typeof publicStatsDto>;

/** One confirmed deposit in the home page's feed, masked on the server so no one can be identified. */
export const publicDepositDto = z.object({
  id: z.string(),
  /** e.g. "A*** O***". */
  name: z.string(),
  method: z.enum(["crypto", "bank"]),
  /** e.g. "bc1qcr…6fyu", or the bank's name. */
  address: z.string(),
  amountCents: z.number(),
  confirmedAt: z.string(),
});
export type PublicDepositDto = z.infer<typeof publicDepositDto>;

/** The caller's referral code and the sign-up link that carries it. */
export const referralDto = z.object({ code: z.string(), url: z.string() });
export type ReferralDto = z.infer<typeof referralDto>;

/** An acknowledgement with nothing else to say. */
export const okDto = z.object({ ok: z.literal(true) });

/** A stored contact message's id. */
export const contactReceiptDto = z.object({ id: z.string() });
