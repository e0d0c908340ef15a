import type { ReactNode } from "react";
import { formatCents, formatRate } from "#shared/money.js";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import { formatDate } from "#web/lib/format-date.js";
import { InvestmentStatusBadge } from "./investment-status-badge.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function daysLeft(investment: InvestmentDto): string {
  if (investment.status === "matured") return "0";
  if (investment.daysLeft === 0) return "Due now";
  return investment.daysLeft === 1 ? "1 day" : `${investment.daysLeft} days`;
}

/** One investment under the terms it was made with; `compact` keeps what matters on the overview. */
export function InvestmentItem({ investment, compact }: { investment: InvestmentDto; compact?: boolean }) {
  const profit = `${formatCents(investment.accruedProfitCents)} of ${formatCents(investment.profitCents)}`;
  return (
    <li id={subjectAnchor("investment", investment.id)} className="flex scroll-mt-24 flex-col gap-3 p-4" data-testid="my-investment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {investment.planName}
          {compact && <span className="font-normal text-slate-700"> · {formatCents(investment.principalCents)}</span>}
        </p>
        <InvestmentStatusBadge status={investment.status} />
      </div>
      <dl className={compact ? "grid grid-cols-2 gap-3 sm:grid-cols-3" : "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"}>
        {!compact && <Detail label="Principal">{formatCents(investment.principalCents)}</Detail>}
        {!compact && <Detail label="Rate">{formatRate(investment.rateBasisPoints)}</Detail>}
        {!compact && <Detail label="Start date">{formatDate(investment.startedAt)}</Detail>}
        <Detail label="Maturity date">{formatDate(investment.maturesAt)}</Detail>
        <Detail label="Days left">{daysLeft(investment)}</Detail>
        <Detail label={investment.status === "matured" ? "Profit paid" : "Profit so far"}>{investment.status === "matured" ? formatCents(investment.profitCents) : profit}</Detail>
      </dl>
    </li>
  );
}
