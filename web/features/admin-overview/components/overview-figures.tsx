import { Link } from "react-router";
import type { ReactNode } from "react";
import { formatCents } from "#shared/money.js";
import type { AdminOverviewDto, FlowFigures } from "#shared/schemas/admin-overview.js";
import { Alert } from "#web/components/ui/alert.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { FigureTable } from "./figure-table.js";

/** "3 days 4 hours", "25 minutes": how long the oldest request has waited. */
export function formatAge(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
  ];
  const parts: string[] = [];
  let left = seconds;
  for (const [size, name] of units) {
    const count = Math.floor(left / size);
    if (count > 0 && parts.length < 2) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    left -= count * size;
  }
  return parts.length > 0 ? parts.join(" ") : "under a minute";
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-card border border-slate-200 bg-white p-5" data-testid={testId} aria-label={title}>
      <h2 className="text-base font-semibold text-brand-900">{title}</h2>
      {children}
    </section>
  );
}

/** A label and its figure, one per line. */
function Figures({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const LINK = "text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function Queue({ title, queue, to, extra, testId }: { title: string; queue: AdminOverviewDto["pendingDeposits"]; to: string; extra?: Array<[string, ReactNode]>; testId: string }) {
  return (
    <Panel title={title} testId={testId}>
      <Figures
        rows={[
          ["Waiting", queue.count],
          ["Amount", formatCents(queue.totalCents)],
          ["Oldest has waited", queue.oldestAgeSeconds === null ? "—" : formatAge(queue.oldestAgeSeconds)],
          ...(extra ?? []),
        ]}
      />
      <Link to={to} className={LINK}>
        Open the queue
      </Link>
    </Panel>
  );
}

const FLOW_ROWS: Array<[string, keyof FlowFigures]> = [
  ["Money in (confirmed deposits)", "moneyInCents"],
  ["Interest paid", "interestPaidCents"],
  ["Early-withdrawal fees kept", "feesCents"],
  ["Money out (payouts sent)", "moneyOutCents"],
];

/** The overview's panels: queues, maturities, liabilities, flows, the ledger check and the last settlement run. */
export function OverviewFigures({ overview }: { overview: AdminOverviewDto }) {
  const { pendingDeposits, pendingPayouts, maturing, liabilities, flows, ledgerCheck, lastSettlementRun: run } = overview;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Queue title="Pending deposits" queue={pendingDeposits} to="/dashboard/admin/deposits?status=pending" testId="overview-deposits" />
      <Queue
        title="Pending payouts"
        queue={pendingPayouts}
        to="/dashboard/admin/payouts?status=requested"
        extra={[["Awaiting a second approval", pendingPayouts.awaitingSecondApproval]]}
        testId="overview-payouts"
      />
      <Panel title={`Maturing in the next ${maturing.withinDays} days`} testId="overview-maturing">
        <Figures
          rows={[
            ["Investments", maturing.count],
            ["Principal", formatCents(maturing.principalCents)],
            ["Profit due", formatCents(maturing.profitCents)],
          ]}
        />
      </Panel>
      <Panel title="Liabilities (owed to users)" testId="overview-liabilities">
        <Figures
          rows={[
            ["Available balances", formatCents(liabilities.availableCents)],
            ["Invested", formatCents(liabilities.investedCents)],
            ["Payouts on hold", formatCents(liabilities.payoutHoldCents)],
            ["Total", formatCents(liabilities.totalCents)],
          ]}
        />
      </Panel>
      <section className="flex min-w-0 flex-col gap-3 rounded-card border border-slate-200 bg-white p-5 md:col-span-2" data-testid="overview-flows" aria-label="Money in and out">
        <h2 className="text-base font-semibold text-brand-900">Money in and out</h2>
        <FigureTable
          label="Money in and out, by period"
          caption="Money in, interest paid and money out: today (UTC), the last 30 days and all time"
          hideCaption
          columns={["Flow", "Today (UTC)", "Last 30 days (UTC)", "All time"]}
          rows={FLOW_ROWS.map(([label, field]) => ({
            key: field,
            header: label,
            cells: [formatCents(flows.today[field]), formatCents(flows.last30Days[field]), formatCents(flows.allTime[field])],
          }))}
          boxClassName="overflow-x-auto"
          tableClassName="w-full min-w-[28rem] text-sm"
        />
      </section>
      <Panel title="Ledger check" testId="overview-ledger">
        {ledgerCheck.problems.length === 0 ? (
          <p className="text-sm font-semibold text-success-700">0 problems</p>
        ) : (
          <Alert tone="error">
            <p className="font-semibold">
              {ledgerCheck.problems.length} problem{ledgerCheck.problems.length === 1 ? "" : "s"}
            </p>
            <ul className="mt-1 list-disc pl-5 break-words">
              {ledgerCheck.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        )}
        <p className="text-xs text-slate-600">Checked {formatDateTime(ledgerCheck.checkedAt)} (the periodic check, every ten minutes: what changed since the last one, and a share of all accounts).</p>
      </Panel>
      <Panel title="Last settlement run" testId="overview-settlement">
        {run === null ? (
          <p className="text-sm text-slate-700">Settlement has not run yet.</p>
        ) : (
          <>
            <Figures
              rows={[
                ["Finished", formatDateTime(run.finishedAt)],
                ["Investments paid", run.settled],
                ["Profit paid", formatCents(run.profitCents)],
              ]}
            />
            {run.error && <Alert tone="error">The run failed: {run.error}</Alert>}
          </>
        )}
      </Panel>
    </div>
  );
}
