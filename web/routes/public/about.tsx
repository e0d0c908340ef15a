import { Eye, ShieldCheck, TrendingUp } from "lucide-react";
import { PageBanner, Section } from "#web/components/marketing/page-banner.js";
import { FeatureCards } from "#web/components/marketing/feature-cards.js";
import { WhyChooseUs } from "#web/components/marketing/why-choose-us.js";
import { useBootstrap } from "#web/lib/bootstrap.js";

const VALUES = [
  { icon: Eye, title: "Transparency", text: "Rates, terms and minimums are shown before you invest, and every figure on your dashboard comes from our ledger of recorded movements." },
  { icon: ShieldCheck, title: "Security", text: "Passwords are hashed, sessions expire, and money only moves on our servers after checks." },
  { icon: TrendingUp, title: "Growth", text: "Fixed-term plans with the profit stated up front, paid at maturity under the terms you accepted." },
];

export function AboutPage() {
  const { site } = useBootstrap();
  return (
    <>
      <PageBanner title="About Us">Who we are and how we work.</PageBanner>
      <Section title="Who we are">
        <p className="mx-auto max-w-3xl text-center text-slate-700">
          {site.name} is an online platform for fixed-term investment plans. You open an account, deposit funds, choose a plan and
          receive your principal and profit when the term ends.
        </p>
      </Section>
      <Section white title="Our values">
        <FeatureCards items={VALUES} className="md:grid-cols-3" />
      </Section>
      <Section title="Why Choose Us">
        <WhyChooseUs />
      </Section>
    </>
  );
}
