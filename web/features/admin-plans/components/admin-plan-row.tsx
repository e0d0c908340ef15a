import { useId, useRef, useState } from "react";
import { formatCents, formatRate } from "#shared/money.js";
import { Badge } from "#web/components/ui/badge.js";
import { Button } from "#web/components/ui/button.js";
import { earlyWithdrawalTerms } from "#web/lib/plan-terms.js";
import type { AdminPlanDto, PlanSave } from "../api/admin-plans.js";
import { PlanEditForm } from "./plan-edit-form.js";

/** One plan: its terms at a glance, and an Edit form opened in place. */
export function AdminPlanRow({ plan, onSaved }: { plan: AdminPlanDto; onSaved: (saved: PlanSave) => void }) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5" data-testid="admin-plan">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold text-brand-900">
            <span className="break-words">{plan.name}</span>
            {plan.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Closed</Badge>}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Minimum {formatCents(plan.minimumCents)} · {formatRate(plan.rateBasisPoints)} · {plan.termDays} days · {earlyWithdrawalTerms(plan)}
          </p>
          <p className="text-sm break-words text-slate-600">{plan.features.join(" · ")}</p>
        </div>
        {!editing && (
          <Button ref={editButton} variant="secondary" aria-label={`Edit ${plan.name}`} onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </header>
      {editing && (
        <div className="border-t border-slate-200 pt-4">
          <PlanEditForm
            plan={plan}
            onCancel={close}
            onSaved={(saved) => {
              setEditing(false);
              onSaved(saved);
            }}
          />
        </div>
      )}
    </article>
  );
}
