import type { HistoryEntryDto } from "#shared/schemas/ledger.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { HistoryStatusBadge } from "./history-status-badge.js";
import { SignedAmount } from "./signed-amount.js";

const HEAD = "px-4 py-3 font-semibold whitespace-nowrap";

/** The table scrolls sideways inside its own box on a phone, so the page itself never does. */
export function HistoryTable({ entries }: { entries: HistoryEntryDto[] }) {
  return (
    // Focusable so keyboard users can scroll it; labelled so that stop is announced.
    <div className="overflow-x-auto rounded-card border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Transactions table">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Your transactions, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={HEAD}>Date</th>
            <th scope="col" className={HEAD}>Type</th>
            <th scope="col" className={HEAD}>Description</th>
            <th scope="col" className={`${HEAD} text-right`}>Amount</th>
            <th scope="col" className={HEAD}>Status</th>
            <th scope="col" className={HEAD}>Reference</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(entry.date)}</td>
              <td className="px-4 py-3">{entry.type}</td>
              <td className="px-4 py-3">{entry.description}</td>
              <td className="px-4 py-3 text-right">
                <SignedAmount cents={entry.amountCents} settled={entry.status === "completed"} />
              </td>
              <td className="px-4 py-3">
                <HistoryStatusBadge status={entry.status} />
              </td>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{entry.reference}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
