import type { ReactNode } from "react";
import { formatCents, formatRate, type Cents } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";
import { MATURITY_INSTRUCTION_WORDS, type MaturityInstruction } from "#shared/schemas/investments.js";
import { formatDate } from "#web/lib/format-date.js";
import { earlyWithdrawalShort } from "#web/lib/plan-terms.js";

const DAY_MS = 86_400_000;

/** One line of a summary: the label on the left, the figure on the right. */
export function SummaryRow({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
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
  instruction: MaturityInstruction;
  /** When the user reached this step (ms); the server starts the term when it records the investment. */
  startMs: number;
}

/** Everything the investment will be, before it is made: the plan's terms applied to the amount. */
export function InvestmentSummary({ plan, principalCents, profitCents, totalCents, instruction, startMs }: Props) {
  const start = new Date(startMs).toISOString();
  const maturity = new Date(startMs + plan.termDays * DAY_MS).toISOString();
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4" data-testid="investment-summary">
      <SummaryRow label="Plan">{plan.name}</SummaryRow>
      <SummaryRow label="Principal">{formatCents(principalCents)}</SummaryRow>
      <SummaryRow label="Rate">{formatRate(plan.rateBasisPoints)} for the term</SummaryRow>
      <SummaryRow label="Term">{plan.termDays} days</SummaryRow>
      <SummaryRow label="Start date">{formatDate(start)}</SummaryRow>
      <SummaryRow label="Maturity date">{formatDate(maturity)}</SummaryRow>
      <SummaryRow label="Profit at maturity">{formatCents(profitCents)}</SummaryRow>
      <SummaryRow label="Total at maturity" strong>
        {formatCents(totalCents)}
      </SummaryRow>
      <div className="py-2">
        <dt className="text-sm text-slate-700">At maturity</dt>
        <dd className="text-sm font-semibold text-slate-900" data-testid="summary-instruction">
          {MATURITY_INSTRUCTION_WORDS[instruction].label}
          <span className="block text-xs font-normal text-slate-600">{MATURITY_INSTRUCTION_WORDS[instruction].sentence} You can change this until a day before maturity.</span>
        </dd>
      </div>
      <SummaryRow label="Early withdrawal">{earlyWithdrawalShort(plan)}</SummaryRow>
    </dl>
  );
}
