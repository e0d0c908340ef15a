import { useId, type ReactNode } from "react";

/** A part of a screen under its own heading, which names it for screen readers. */
export function TitledSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
