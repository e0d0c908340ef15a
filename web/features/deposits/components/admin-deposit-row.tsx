import type { ReactNode } from "react";
import { formatCents } from "#shared/money.js";
import type { AdminDepositDto } from "#shared/schemas/deposits.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { BANK_NAMES } from "#shared/schemas/deposits.js";
import { AdminConfirmForm } from "./admin-confirm-form.js";
import type { Outcome } from "#web/lib/outcome.js";
import { AdminRejectForm } from "./admin-reject-form.js";

function Detail({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={mono ? "font-mono text-sm break-all text-slate-900" : "text-sm text-slate-900"}>{children}</dd>
    </div>
  );
}

/** One pending deposit with everything needed to match it against the wallet or bank statement. */
export function AdminDepositRow({ deposit, onOutcome }: { deposit: AdminDepositDto; onOutcome: (outcome: Outcome) => void }) {
  const headingId = `deposit-${deposit.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5" data-testid="admin-deposit">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-brand-900">
          {formatCents(deposit.amountCents)} from {deposit.user.name || deposit.user.email}
        </h2>
        <span className="text-sm text-slate-600">{deposit.user.email}</span>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Detail label="Method">{deposit.method === "crypto" ? "Crypto" : "Bank transfer"}</Detail>
        <Detail label="Claimed amount">{formatCents(deposit.amountCents)}</Detail>
        <Detail label={deposit.method === "crypto" ? "Coin" : "Bank"}>{deposit.coin ?? (deposit.bank ? BANK_NAMES[deposit.bank] : "—")}</Detail>
        <Detail label="Created">{formatDateTime(deposit.createdAt)}</Detail>
        <Detail label="Reference" mono>
          {deposit.reference}
        </Detail>
        <Detail label="Transaction ID" mono>
          {deposit.txId ?? "—"}
        </Detail>
        <div className="sm:col-span-2">
          <Detail label="Address" mono>
            {deposit.address ?? "—"}
          </Detail>
        </div>
      </dl>
      <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
        <AdminConfirmForm deposit={deposit} onOutcome={onOutcome} />
        <AdminRejectForm deposit={deposit} onOutcome={onOutcome} />
      </div>
    </article>
  );
}
