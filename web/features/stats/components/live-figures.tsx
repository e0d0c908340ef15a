import type { PublicStats } from "#shared/schemas/public.js";
import { useApi } from "#web/lib/use-api.js";

const number = new Intl.NumberFormat("en-US");

type Figure = { value: number | null; one: string; many: string };

/**
 * Live counts from the database; nothing is shown until they arrive, nothing is rounded up, and a
 * count the server withholds (below the operator's minimum) is left out rather than shown as 0.
 */
export function LiveFigures() {
  const stats = useApi<PublicStats>("/api/public/stats");
  const all: Figure[] =
    stats.status === "ready"
      ? [
          { value: stats.data.investors, one: "investor", many: "investors" },
          { value: stats.data.investments, one: "investment", many: "investments" },
          { value: stats.data.activePlans, one: "plan open", many: "plans open" },
        ]
      : [];
  const figures = all.flatMap(({ value, one, many }) => (value === null ? [] : [{ label: value === 1 ? one : many, value: number.format(value) }]));
  return (
    <dl className="mt-10 flex min-h-16 flex-wrap gap-x-10 gap-y-4" aria-busy={stats.status !== "ready"}>
      {figures.map((figure) => (
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
