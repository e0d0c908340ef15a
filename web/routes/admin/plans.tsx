import { useEffect, useRef, useState } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { SENT_FOR_APPROVAL } from "#web/components/admin/sent-for-approval.js";
import { useAdminPlans, type PlanSave } from "#web/features/admin-plans/api/admin-plans.js";
import { AdminPlanRow } from "#web/features/admin-plans/components/admin-plan-row.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/plans: every plan, open or closed, each editable in place. */
export function AdminPlansScreen() {
  const plans = useAdminPlans();
  const [saved, setSaved] = useState<PlanSave | null>(null);
  const message = useRef<HTMLDivElement>(null);

  // The form closes on save; the confirmation takes focus so keyboard users keep their place.
  useEffect(() => {
    if (saved) message.current?.focus();
  }, [saved]);

  return (
    <section>
      <ScreenTitle title="Plans">
        Edit the terms offered for new investments. Existing investments keep the terms they were made under. A new rate, term or early-withdrawal term goes live only once a second admin approves it.
      </ScreenTitle>
      <div ref={message} tabIndex={-1} className="mb-4 outline-none empty:hidden" data-testid="plan-outcome">
        {saved &&
          ("pendingApproval" in saved ? (
            <Alert tone="info">
              {SENT_FOR_APPROVAL} {saved.pendingApproval.summary}
            </Alert>
          ) : (
            <Alert tone="success">Saved {saved.name}. New investments use these terms; the public plan pages show them now.</Alert>
          ))}
      </div>
      {plans.isPending && <Loading label="Loading plans..." />}
      {plans.isError && <Alert tone="error">The plans could not be loaded. Reload the page to try again.</Alert>}
      {plans.data && (
        <ul className="flex flex-col gap-4">
          {plans.data.items.map((plan) => (
            <li key={plan.id}>
              <AdminPlanRow plan={plan} onSaved={setSaved} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
