import { useEffect, useRef, useState } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { usePendingPayouts } from "#web/features/payouts/api/admin-payouts.js";
import type { Outcome } from "#web/lib/outcome.js";
import { AdminPayoutRow } from "#web/features/payouts/components/admin-payout-row.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/payouts: withdrawals waiting to be sent, oldest first. Each amount is already held from the user's balance. */
export function AdminPayoutsScreen() {
  const pending = usePendingPayouts();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLDivElement>(null);

  // The row the operator acted on disappears; put focus on the message so keyboard users are not dropped to the top.
  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  return (
    <section>
      <ScreenTitle title="Pending payouts">
        Send each amount to the wallet address shown, then mark it paid with the transaction ID. Reject a payout to return the held amount to the user.
      </ScreenTitle>
      <div ref={message} tabIndex={-1} className="mb-4 outline-none empty:hidden" data-testid="admin-outcome">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      {pending.isPending && <Loading />}
      {pending.isError && <Alert tone="error">Pending payouts could not be loaded. Reload the page to try again.</Alert>}
      {pending.data && pending.data.payouts.length === 0 && (
        <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700">No payouts are waiting to be sent.</p>
      )}
      {pending.data && pending.data.payouts.length > 0 && (
        <ol className="flex flex-col gap-4">
          {pending.data.payouts.map((payout) => (
            <li key={payout.id}>
              <AdminPayoutRow payout={payout} onOutcome={setOutcome} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
