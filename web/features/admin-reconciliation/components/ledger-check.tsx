import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { useLedgerCheck } from "../api/admin-reconciliation.js";

/** Runs verifyLedger on demand and shows "0 problems" or the list, with when it ran. */
export function LedgerCheck() {
  const check = useLedgerCheck();
  return (
    <div className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold text-slate-900">Ledger check</h2>
          <p className="text-sm text-slate-700">Re-checks every ledger invariant from the raw tables: journals balance, balances match their postings, nothing negative.</p>
        </div>
        <Button onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? "Checking..." : "Run ledger check"}
        </Button>
      </div>
      <div aria-live="polite">
        {check.isError && <Alert tone="error">{check.error.message || "The check could not run. Try again."}</Alert>}
        {check.data &&
          (check.data.problems.length === 0 ? (
            <Alert tone="success">0 problems, checked {formatDateTime(check.data.checkedAt)}.</Alert>
          ) : (
            <Alert tone="error">
              {check.data.problems.length} problem{check.data.problems.length === 1 ? "" : "s"}, checked {formatDateTime(check.data.checkedAt)}:
              <ul className="mt-2 list-disc pl-5">
                {check.data.problems.map((problem) => (
                  <li key={problem} className="break-words">
                    {problem}
                  </li>
                ))}
              </ul>
            </Alert>
          ))}
      </div>
    </div>
  );
}
