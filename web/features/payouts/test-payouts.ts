import type { AdminPayoutDto, PayoutDto } from "#shared/schemas/payouts.js";
import type { Bootstrap, PublicSite } from "#shared/site.js";

/** A requested $650.00 payout in manual terms (no bitcoin fixed) for the unit tests, with what a test changes. */
export function testPayout(changes: Partial<PayoutDto> = {}): PayoutDto {
  return {
    id: "p-1",
    amountCents: 65_000,
    walletAddress: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    status: "requested",
    txId: null,
    rejectReason: null,
    createdAt: "2026-01-05T10:00:00.000Z",
    decidedAt: null,
    amountBtc: null,
    rateUsd: null,
    rateFixedAt: null,
    ...changes,
  };
}

/** The same payout as the operator's queue lists it: below four eyes, no estimate. */
export function testAdminPayout(changes: Partial<AdminPayoutDto> = {}): AdminPayoutDto {
  return { ...testPayout(), user: { id: "u-2", name: "Tolu Ade", email: "tolu@example.com" }, needsApproval: false, approvedBy: null, approvedAt: null, estimate: null, ...changes };
}

/** What every page is rendered with, with the payout terms a test is about. */
export function testBootstrap(payouts: PublicSite["payouts"]): Bootstrap {
  const operator = { legalName: "Example Operator Ltd", registrationNumber: "RC 0000000", registeredAddress: "1 Example Street", regulator: null, example: true };
  return { site: { name: "Termvest", supportEmail: "support@example.com", phone: "+234 800 000 0000", address: "1 Example Street", contactsExample: true, social: {}, operator, payouts }, plans: [] };
}
