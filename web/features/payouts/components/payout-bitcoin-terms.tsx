import { formatDecimalUsd } from "#shared/money.js";
import { PAYOUT_NETWORK_FEE_POLICY } from "#shared/schemas/payouts.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import type { PayoutQuoteView } from "../api/payouts.js";
import { SummaryRow } from "./transaction-summary.js";

const hours = (count: number) => `${count} hour${count === 1 ? "" : "s"}`;

/**
 * A withdrawal's bitcoin terms on its review, in automatic crypto mode (decision 0055): the bitcoin
 * at the current rate, only an estimate since the rate is fixed on approval; when it will be sent
 * (PAYOUT_SEND_HOURS); and who pays the network fee, in the words the operator's queue uses too.
 */
export function PayoutBitcoinTerms({ quote }: { quote: PayoutQuoteView }) {
  const { sendHours } = useBootstrap().site.payouts;
  return (
    <>
      <SummaryRow label="In bitcoin (estimate)">
        <span data-testid="payout-estimate">
          {quote.kind === "estimate" ? (
            <>
              ≈ <strong className="font-semibold">{quote.amountBtc} BTC</strong> at the current rate of {formatDecimalUsd(quote.rateUsd)} per bitcoin; the rate is fixed when our
              team approves the withdrawal.
            </>
          ) : (
            `${quote.message} The rate is fixed when our team approves the withdrawal.`
          )}
        </span>
      </SummaryRow>
      <SummaryRow label="Expected to be sent">Within {hours(sendHours)} of your request.</SummaryRow>
      <SummaryRow label="Network fee">{PAYOUT_NETWORK_FEE_POLICY}</SummaryRow>
    </>
  );
}
