import type { ReactNode } from "react";

export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      {children && <p className="mt-1 text-slate-700">{children}</p>}
    </div>
  );
}

/** A dashboard route whose feature has not shipped yet: it exists, says so, and shows no invented figures. */
export function UnavailableScreen({ title }: { title: string }) {
  return (
    <section>
      <ScreenTitle title={title} />
      <div className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-slate-700">This screen is not available yet.</div>
    </section>
  );
}
