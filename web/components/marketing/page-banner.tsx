import type { ReactNode } from "react";
import { Link } from "react-router";

export function PageBanner({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="dark-surface bg-brand-800 px-4 py-14 text-center text-white sm:py-20">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {children && <p className="mx-auto mt-4 max-w-2xl text-brand-100">{children}</p>}
    </section>
  );
}

interface SectionProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  id?: string;
  /** On a white band across the whole page, which sets it apart from the sections around it. */
  white?: boolean;
}

export function Section({ title, intro, children, id, white }: SectionProps) {
  const section = (
    <section id={id} className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <h2 className="text-center text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h2>
      {intro && <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{intro}</p>}
      <div className="mt-10">{children}</div>
    </section>
  );
  return white ? <div className="bg-white">{section}</div> : section;
}

/** Beside every plan, projection and return: short, plain, and linked to the full disclosure. */
export function RiskLine({ className }: { className?: string }) {
  return (
    <p className={className ?? "text-sm text-slate-700"}>
      Investing involves risk: you can lose some or all of the money you invest, and a plan&apos;s rate is not a guarantee.{" "}
      <Link to="/risk" className="font-medium text-brand-700 underline">
        Read the risk disclosure
      </Link>
      .
    </p>
  );
}
