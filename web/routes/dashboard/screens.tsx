import type { ReactNode } from "react";

/**
 * Every dashboard and back-office screen opens with this: its title (the reference's, where it
 * had one) and one line saying exactly what the screen does, since the reference's sidebar labels
 * (kept) do not always say it ("Invest" leads to deposits). The browser tab's name for each screen
 * is in web/routes/meta.ts.
 */
export function ScreenTitle({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <p className="mt-1 text-slate-700">{children}</p>
    </div>
  );
}

/** A dashboard route whose feature has not shipped yet: it exists, says so, and shows no invented figures. */
export function UnavailableScreen({ title }: { title: string }) {
  return (
    <section>
      <ScreenTitle title={title}>This screen is not available yet.</ScreenTitle>
    </section>
  );
}
