import { Link } from "react-router";
import { formatCents } from "#shared/money.js";
import { TitledSection } from "#web/components/ui/titled-section.js";
import { formatDate } from "#web/lib/format-date.js";
import { useMyInvestments } from "../api/investments.js";
import { dueAtMaturityCents, instructionLabel, investmentHref, maturesIn, upcomingMaturities } from "../investment-words.js";

/**
 * The overview's timeline of the next few maturities: the date, what is due and what happens to it.
 * Nothing at all (not even the heading) while loading, on error, or when nothing is active.
 */
export function UpcomingMaturities({ className }: { className?: string }) {
  const investments = useMyInvestments();
  const upcoming = upcomingMaturities(investments.data?.items ?? []);
  if (upcoming.length === 0) return null;
  return (
    <TitledSection title="Upcoming maturities" className={className}>
      <ol className="flex flex-col rounded-card border border-slate-200 bg-white p-5" data-testid="upcoming-maturities">
        {upcoming.map((investment, index) => (
          <li key={investment.id} className="relative flex gap-4 pb-5 last:pb-0" data-testid="upcoming-maturity">
            {/* The line that joins the dots, down to the next one. */}
            {index < upcoming.length - 1 && <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-0.5 bg-brand-100" />}
            <span aria-hidden="true" className="relative mt-1.5 size-3 shrink-0 rounded-full bg-brand-600 ring-4 ring-brand-50" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">
                  <time dateTime={investment.maturesAt}>{formatDate(investment.maturesAt)}</time>{" "}
                  <span className="font-normal text-slate-600">({maturesIn(investment.daysLeft)})</span>
                </p>
                <p className="text-sm text-slate-700">
                  <Link to={investmentHref(investment.id)} className="font-medium text-brand-700 underline hover:text-brand-900">
                    {investment.planName}
                  </Link>{" "}
                  · {instructionLabel(investment.maturityInstruction)}
                </p>
              </div>
              <p className="text-sm text-slate-700 sm:text-right">
                <strong className="text-base font-semibold text-slate-900 tabular-nums">{formatCents(dueAtMaturityCents(investment))}</strong> due
              </p>
            </div>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}
