import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PlanDto } from "#shared/plans.js";
import { formatAnnualEquivalent, formatRate, formatWholeDollars } from "#shared/money.js";
import { LinkButton } from "#web/components/ui/button.js";
import { earlyWithdrawalTerms } from "#web/lib/plan-terms.js";

type PlanCardProps = { plan: PlanDto } & (
  | { ctaTo: string; ctaSignedInTo?: string; ctaLabel?: string; action?: never }
  | { action: ReactNode; ctaTo?: never; ctaSignedInTo?: never; ctaLabel?: never }
);

/**
 * One plan's terms; the call to action is a link (`ctaTo`, or `ctaSignedInTo` once the public
 * page's script knows the visitor is signed in) or whatever the caller puts in `action`.
 */
export function PlanCard({ plan, ctaTo, ctaSignedInTo, ctaLabel = "Get Started", action }: PlanCardProps) {
  return (
    <article className="flex flex-col rounded-card border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-brand-800">{plan.name}</h3>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold text-slate-900">{formatRate(plan.rateBasisPoints)}</span>
        {/* The term rate alone hides how large it is; the simple annual equivalent shows it (docs/product.md, "Plans"). */}
        <span className="text-sm font-semibold text-slate-700" data-testid="annual-rate">
          ({formatAnnualEquivalent(plan.rateBasisPoints, plan.termDays)})
        </span>
      </p>
      <p className="text-sm text-slate-600">return after {plan.termDays} days</p>
      <p className="mt-1 text-sm">
        <Link to="/how-returns-work" className="font-medium text-brand-700 underline hover:text-brand-900">
          How are these returns generated?
        </Link>
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Minimum</dt>
          <dd className="font-semibold">{formatWholeDollars(BigInt(plan.minimumCents))}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Term</dt>
          <dd className="font-semibold">{plan.termDays} days</dd>
        </div>
      </dl>
      {/* What leaving before maturity costs, said before anyone invests (docs/product.md, "Early withdrawal"). */}
      <p className="mt-3 text-sm text-slate-700" data-testid="early-withdrawal-terms">
        {earlyWithdrawalTerms(plan)}
      </p>
      <ul className="mt-5 flex flex-1 flex-col gap-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-700" />
            {feature}
          </li>
        ))}
      </ul>
      {ctaTo !== undefined ? (
        <LinkButton to={ctaTo} data-signed-in-href={ctaSignedInTo} className="mt-6 w-full" aria-label={`${ctaLabel} with ${plan.name}`}>
          {ctaLabel}
        </LinkButton>
      ) : (
        <div className="mt-6">{action}</div>
      )}
    </article>
  );
}
