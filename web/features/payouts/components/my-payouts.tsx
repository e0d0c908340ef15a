import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useMyPayouts } from "../api/payouts.js";
import { MyPayoutRow } from "./my-payout-row.js";

/** The caller's payouts, newest first: pending ones are held (and can be cancelled), paid ones carry the chain transaction, rejected ones the reason. */
export function MyPayouts() {
  const payouts = useMyPayouts();
  if (payouts.isPending) return <Loading label="Loading your payouts..." />;
  if (payouts.isError) return <Alert tone="error">Your payouts could not be loaded. Reload the page to try again.</Alert>;

  if (payouts.data.items.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700" data-testid="payouts-empty">
        You have not requested a payout yet. Choose Withdraw to a wallet above to send money to one of your confirmed withdrawal addresses.
      </p>
    );
  }

  return (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
      {payouts.data.items.map((payout) => (
        <MyPayoutRow key={payout.id} payout={payout} />
      ))}
    </ul>
  );
}
