import type { PublicStats } from "#shared/schemas/public.js";
import { useApi } from "#web/lib/use-api.js";



const number = new Intl.NumberFormat("en-US");

/** Live counts from the database; nothing is shown until they arrive, and nothing is rounded up. */
export function LiveFigures() {
  const stats = useApi<PublicStats>("/api/public/stats");
  const figures = stats.status === "ready" ? [
    { label: stats.data.investors === 1 ? "investor" : "investors", value: number.format(stats.data.investors) },
    { label: stats.data.investments === 1 ? "investment" : "investments", value: number.format(stats.data.investments) },
    { label: stats.data.activePlans === 1 ? "plan open" : "plans open", value: number.format(stats.data.activePlans) },
  ] : null;
  return (
    <dl className="mt-10 flex min-h-16 flex-wrap gap-x-10 gap-y-4" aria-busy={!figures}>
      {figures?.map((figure) => (
        <div key={figure.label}>
          <dt className="sr-only">{figure.label}</dt>
          <dd className="text-3xl font-bold text-white">
            {figure.value} <span className="text-base font-medium text-brand-100">{figure.label}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
