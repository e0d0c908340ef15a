import type { ReactNode } from "react";
import { formatCents } from "#shared/money.js";
import type { AdminPayoutDto } from "#shared/schemas/payouts.js";
import { cn } from "#web/lib/cn.js";
import { formatDateTime } from "#web/lib/format-date.js";
import type { Outcome } from "#web/lib/outcome.js";
import { AdminMarkPaidForm } from "./admin-mark-paid-form.js";
import { AdminRejectPayoutForm } from "./admin-reject-form.js";

function Detail({ label, children, mono, className }: { label: string; children: ReactNode; mono?: boolean; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={mono ? "font-mono text-sm break-all text-slate-900" : "text-sm break-words text-slate-900"}>{children}</dd>
    </div>
  );
}

/** One payout waiting to be sent: who, how much, where to, since when; then the two decisions. */
export function AdminPayoutRow({ payout, onOutcome }: { payout: AdminPayoutDto; onOutcome: (outcome: Outcome) => void }) {
  const headingId = `payout-${payout.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5" data-testid="admin-payout">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-brand-900">
          {formatCents(payout.amountCents)} to {payout.user.name || payout.user.email}
        </h2>
        <span className="min-w-0 text-sm break-all text-slate-600">{payout.user.email}</span>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Detail label="User">{payout.user.name || "—"}</Detail>
        <Detail label="Amount">{formatCents(payout.amountCents)}</Detail>
        <Detail label="Created">{formatDateTime(payout.createdAt)}</Detail>
        <Detail label="Payout ID" mono>
          {payout.id}
        </Detail>
        {/* Directly in the <dl> (a wrapper would break its structure); the address gets the whole width. */}
        <Detail label="Wallet address (bitcoin)" mono className="sm:col-span-2 lg:col-span-4">
          {payout.walletAddress}
        </Detail>
      </dl>
      <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
        <AdminMarkPaidForm payout={payout} onOutcome={onOutcome} />
        <AdminRejectPayoutForm payout={payout} onOutcome={onOutcome} />
      </div>
    </article>
  );
}
