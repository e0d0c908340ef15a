import type { ReactNode } from "react";
import { formatCents, formatRate, type Cents } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";
import { formatDate } from "#web/lib/format-date.js";

const DAY_MS = 86_400_000;

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className={strong ? "text-right text-base font-bold text-brand-900 tabular-nums" : "text-right text-sm font-semibold text-slate-900 tabular-nums"}>{children}</dd>
    </div>
  );
}

interface Props {
  plan: PlanDto;
  principalCents: Cents;
  profitCents: Cents;
  totalCents: Cents;
  /** When the user reached this step (ms); the server starts the term when it records the investment. */
  startMs: number;
}

/** Everything the investment will be, before it is made: the plan's terms applied to the amount. */
export function InvestmentSummary({ plan, principalCents, profitCents, totalCents, startMs }: Props) {
  const start = new Date(startMs).toISOString();
  const maturity = new Date(startMs + plan.termDays * DAY_MS).toISOString();
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4" data-testid="investment-summary">
      <Row label="Plan">{plan.name}</Row>
      <Row label="Principal">{formatCents(principalCents)}</Row>
      <Row label="Rate">{formatRate(plan.rateBasisPoints)} for the term</Row>
      <Row label="Term">{plan.termDays} days</Row>
      <Row label="Start date">{formatDate(start)}</Row>
      <Row label="Maturity date">{formatDate(maturity)}</Row>
      <Row label="Profit at maturity">{formatCents(profitCents)}</Row>
      <Row label="Total at maturity" strong>
        {formatCents(totalCents)}
      </Row>
    </dl>
  );
}
