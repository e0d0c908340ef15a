import { useEffect, useRef, useState } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { usePendingDeposits } from "#web/features/deposits/api/admin-deposits.js";
import type { Outcome } from "#web/lib/outcome.js";
import { AdminDepositRow } from "#web/features/deposits/components/admin-deposit-row.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/deposits: the queue of claims to check against the wallet and bank statements, oldest first. */
export function AdminDepositsScreen() {
  const pending = usePendingDeposits();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLDivElement>(null);

  // The row the operator acted on disappears; put focus on the message so keyboard users are not dropped to the top.
  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  return (
    <section>
      <ScreenTitle title="Pending deposits">Check each claim against the wallet or bank statement, then confirm what arrived or reject it.</ScreenTitle>
      <div ref={message} tabIndex={-1} className="mb-4 outline-none empty:hidden" data-testid="admin-outcome">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      {pending.isPending && <Loading />}
      {pending.isError && <Alert tone="error">Pending deposits could not be loaded. Reload the page to try again.</Alert>}
      {pending.data && pending.data.deposits.length === 0 && (
        <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700">No deposits are waiting for a decision.</p>
      )}
      {pending.data && pending.data.deposits.length > 0 && (
        <ol className="flex flex-col gap-4">
          {pending.data.deposits.map((deposit) => (
            <li key={deposit.id}>
              <AdminDepositRow deposit={deposit} onOutcome={setOutcome} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
