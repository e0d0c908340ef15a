import { ArrowRight, BadgeCheck, CalendarClock, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { LinkButton } from "#web/components/ui/button.js";
import { Section } from "#web/components/marketing/page-banner.js";
import { WhyChooseUs } from "#web/components/marketing/why-choose-us.js";
import { ProfitCalculator } from "#web/features/calculator/components/profit-calculator.js";
import { RecentDeposits } from "#web/features/deposits/components/recent-deposits.js";
import { PlanGrid } from "#web/features/plans/components/plan-grid.js";
import { ReferralSection } from "#web/features/referrals/components/referral-section.js";
import { LiveFigures } from "#web/features/stats/components/live-figures.js";
import { useBootstrap } from "#web/lib/bootstrap.js";

const STEPS = [
  { icon: UserPlus, title: "Create an account", text: "Sign up with your name, e-mail and a password. It takes a minute." },
  { icon: BadgeCheck, title: "Choose a plan", text: "Pick the plan whose minimum, rate and term suit you. The return is fixed when you invest." },
  { icon: CalendarClock, title: "Receive your return at maturity", text: "When the term ends, your principal and profit are credited to your balance." },
];

export function HomePage() {
  const { site, plans } = useBootstrap();
  return (
    <>
      <section className="dark-surface bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 py-20 text-white sm:py-28">
        <div className="mx-auto max-w-6xl sm:px-2">
          <h1 className="max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">Fixed-term plans with the return shown before you invest</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">
            {site.name} offers five plans with a set term and a set rate. You see the exact profit and maturity date up front.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <LinkButton to="/login" data-signed-in-href="/dashboard" variant="accent">
              Get Started <ArrowRight aria-hidden="true" className="size-4" />
            </LinkButton>
            <LinkButton to="/plan" variant="secondary">
              See the plans
            </LinkButton>
          </div>
          <LiveFigures />
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 sm:py-20 md:grid-cols-2 md:items-center">
        <div>
          <h2 className="text-2xl font-bold text-brand-900 sm:text-3xl">About {site.name}</h2>
          <p className="mt-4 text-slate-700">
            We built {site.name} for people who want to know exactly what a plan pays and when. Each plan states its minimum, its
            rate and its term, and your investment keeps the terms it was made under.
          </p>
          <Link to="/about" className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline">
            Read more about us <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <div className="rounded-card bg-brand-50 p-8 text-brand-900">
          <p className="text-lg font-semibold">Plans from {plans.length ? `${plans[0]?.termDays} to ${plans[plans.length - 1]?.termDays} days` : "14 days"}</p>
          <p className="mt-2 text-slate-700">Terms are copied onto your investment when you make it, so later changes to a plan never change yours.</p>
        </div>
      </section>

      <Section white title="Profit calculator" intro="Choose a plan and an amount to see what it pays at maturity.">
        <div className="mx-auto max-w-3xl">
          <ProfitCalculator plans={plans} />
        </div>
      </Section>

      <Section title="Our plans" intro="Each plan's minimum, rate and term. The rate is the total return for the whole term.">
        <PlanGrid plans={plans} />
      </Section>

      <Section white title="Recent transactions" intro="The latest confirmed deposits, with names and addresses partly hidden.">
        <RecentDeposits />
      </Section>

      <Section title="How to Get Started">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-card border border-slate-200 bg-white p-6">
              <step.icon aria-hidden="true" className="size-8 text-accent-700" />
              <h3 className="mt-4 font-semibold text-brand-900">
                {index + 1}. {step.title}
              </h3>
              <p className="mt-2 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section white title="Why Choose Us">
        <WhyChooseUs />
      </Section>

      <Section title="Referral programme">
        <ReferralSection />
      </Section>

      <section className="dark-surface bg-brand-800 px-4 py-16 text-center text-white">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready when you are</h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100">Open an account, then choose a plan when you are ready.</p>
        <LinkButton to="/login" data-signed-in-href="/dashboard" variant="accent" className="mt-8">
          Get Started
        </LinkButton>
      </section>
    </>
  );
}
