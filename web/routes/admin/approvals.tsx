import { useEffect, useRef, useState } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useApprovals, type ApprovalStatus } from "#web/features/admin-approvals/api/admin-approvals.js";
import { ApprovalItem } from "#web/features/admin-approvals/components/approval-item.js";
import { cn } from "#web/lib/cn.js";
import type { Outcome } from "#web/lib/outcome.js";
import { ScreenTitle } from "../dashboard/screens.js";

const TABS: Array<{ status: ApprovalStatus; label: string }> = [
  { status: "pending", label: "Waiting" },
  { status: "approved", label: "Approved" },
  { status: "rejected", label: "Rejected" },
];

/** /dashboard/admin/approvals: what one admin asked for and a second must approve (four eyes). */
export function AdminApprovalsScreen() {
  const [status, setStatus] = useState<ApprovalStatus>("pending");
  const approvals = useApprovals(status);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  return (
    <section>
      <ScreenTitle title="Approvals">
        Changes one admin asked for that take a second: a deposit credited above what was declared, the admin role, a plan&apos;s new rate or term.
        Neither the admin who asked nor the account concerned can approve.
      </ScreenTitle>
      <div role="group" aria-label="Show requests" className="mb-4 flex flex-wrap gap-2">
        {TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            aria-pressed={status === tab.status}
            onClick={() => setStatus(tab.status)}
            className={cn(
              "min-h-11 rounded-lg border px-4 text-sm font-medium",
              status === tab.status ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div ref={message} tabIndex={-1} role="status" className="mb-4 outline-none empty:hidden" data-testid="approval-outcome">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      {approvals.isPending && <Loading label="Loading requests..." />}
      {approvals.isError && <Alert tone="error">The requests could not be loaded. Reload the page to try again.</Alert>}
      {approvals.data && approvals.data.items.length === 0 && <p className="text-sm text-slate-700">{status === "pending" ? "Nothing is waiting for a second admin." : "None yet."}</p>}
      {approvals.data && approvals.data.items.length > 0 && (
        <ul className="flex flex-col gap-4">
          {approvals.data.items.map((approval) => (
            <li key={approval.id}>
              <ApprovalItem approval={approval} onOutcome={setOutcome} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
