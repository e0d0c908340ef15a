import { formatDecimalUsd } from "#shared/money.js";
import { PAYOUT_NETWORK_FEE_POLICY, type AdminPayoutDto } from "#shared/schemas/payouts.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { formatDateTime } from "#web/lib/format-date.js";

/**
 * A payout's bitcoin in the queue (decision 0055): once approved, what is sent at the fixed rate and
 * since when; before, the current rate's estimate, said to be one; null when there is nothing to say.
 */
export function payoutBitcoinLine(payout: AdminPayoutDto, inBitcoin: boolean): string | null {
  if (payout.amountBtc && payout.rateUsd && payout.rateFixedAt) return `${payout.amountBtc} BTC at ${formatDecimalUsd(payout.rateUsd)}/BTC (fixed ${formatDateTime(payout.rateFixedAt)})`;
  if (payout.estimate) return `≈ ${payout.estimate.amountBtc} BTC at ${formatDecimalUsd(payout.estimate.rateUsd)}/BTC (estimate at the current rate)`;
  if (inBitcoin && payout.status === "requested") return "No estimate: the exchanges gave no current rate.";
  return null;
}

/** Under a payout's dollars in the queue: its bitcoin, fixed or estimated. */
export function AdminPayoutBitcoin({ payout }: { payout: AdminPayoutDto }) {
  const line = payoutBitcoinLine(payout, useBootstrap().site.payouts.inBitcoin);
  return line && <span className="mt-1 ml-auto block max-w-44 text-xs whitespace-normal text-slate-600" data-testid="payout-bitcoin">{line}</span>;
}

/** Above the queue in automatic crypto mode: how payouts are sent in bitcoin, and who pays the network fee. */
export function AdminPayoutTerms() {
  if (!useBootstrap().site.payouts.inBitcoin) return null;
  return (
    <p className="mb-4 text-sm text-slate-700" data-testid="payout-terms">
      Payouts are sent in bitcoin. Approving one fixes its rate: send exactly the bitcoin shown beside its dollars. {PAYOUT_NETWORK_FEE_POLICY}
    </p>
  );
}
