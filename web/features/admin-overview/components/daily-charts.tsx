import { formatCents } from "#shared/money.js";
import type { DailyPoint } from "#shared/schemas/admin-overview.js";
import { DailyChart } from "./daily-chart.js";

type Figure = "depositsCents" | "payoutsCents" | "underManagementCents";

const CHARTS: Array<{ figure: Figure; title: string; shape: "bars" | "line"; latest: string; testId: string }> = [
  { figure: "depositsCents", title: "Deposits", shape: "bars", latest: "Today so far", testId: "daily-deposits" },
  { figure: "payoutsCents", title: "Payouts", shape: "bars", latest: "Today so far", testId: "daily-payouts" },
  { figure: "underManagementCents", title: "Under management", shape: "line", latest: "Now", testId: "daily-under-management" },
];

/** The overview's three daily charts: deposits credited, payouts paid, and what users hold at each day's end (decision 0061). */
export function DailyCharts({ daily }: { daily: DailyPoint[] }) {
  const unsummed = daily.filter((point) => point.depositsCents === null).length;
  return (
    <section className="mt-4 flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5" aria-labelledby="overview-daily-title" data-testid="overview-daily">
      <div>
        <h2 id="overview-daily-title" className="text-base font-semibold text-brand-900">
          The last {daily.length} days
        </h2>
        <p className="text-sm text-slate-700">
          Per UTC day, from the ledger: each day is summed ten minutes after it ends; today is so far.
          {unsummed > 0 && ` ${unsummed === 1 ? "One day is" : `${unsummed} days are`} not summed yet and show no mark.`}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-3">
        {CHARTS.map(({ figure, title, shape, latest, testId }) => {
          const today = daily.at(-1)?.[figure] ?? null;
          return (
            <DailyChart
              key={figure}
              title={title}
              shape={shape}
              testId={testId}
              points={daily.map((point) => ({ day: point.day, cents: point[figure] }))}
              summary={`${latest}: ${today === null ? "—" : formatCents(today)}`}
            />
          );
        })}
      </div>
    </section>
  );
}
