import type { HistoryEntryDto } from "#shared/schemas/ledger.js";
import { formatCents } from "#shared/money.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { HistoryStatusBadge } from "./history-status-badge.js";
import { SignedAmount } from "./signed-amount.js";

const HEAD = "px-4 py-3 font-semibold whitespace-nowrap";
const CELL = "px-4 py-3 align-top";

/** The balance after an event; an event that did not touch the Main Balance has none to show. */
function BalanceAfter({ cents }: { cents: number | null }) {
  if (cents === null) return <span className="text-slate-500">unchanged</span>;
  return <span className="whitespace-nowrap tabular-nums">{formatCents(cents)}</span>;
}

/** The change itself, or a word when the event moved none of the Main Balance (a rejected deposit, a withdrawal sent). */
function Change({ entry }: { entry: HistoryEntryDto }) {
  if (entry.mainBalanceChangeCents === 0) return <span className="text-slate-500">{entry.status === "completed" ? "no change" : "not credited"}</span>;
  return <SignedAmount cents={entry.mainBalanceChangeCents} />;
}

function Event({ entry }: { entry: HistoryEntryDto }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-slate-900">{entry.title}</span>
      {entry.status !== "completed" && <HistoryStatusBadge status={entry.status} />}
    </span>
  );
}

/**
 * The statement: one row per event. From 768 px a table; below it each event is a stacked block
 * with every value labelled, so a phone shows all of it without scrolling sideways.
 */
export function HistoryTable({ entries }: { entries: HistoryEntryDto[] }) {
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Your transactions, newest first" data-testid="history-list">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-card border border-slate-200 bg-white p-4 text-sm" data-testid="history-entry">
            <div className="flex items-start justify-between gap-3">
              <Event entry={entry} />
              <span className="shrink-0 text-right">
                <Change entry={entry} />
              </span>
            </div>
            <p className="mt-1 break-words text-slate-700">{entry.description}</p>
            <Note entry={entry} />
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-600">
              <dt>Date</dt>
              <dd className="text-slate-900">{formatDateTime(entry.date)}</dd>
              <dt>Balance after</dt>
              <dd className="text-slate-900">
                <BalanceAfter cents={entry.mainBalanceAfterCents} />
              </dd>
              {entry.reference && (
                <>
                  <dt>Reference</dt>
                  <dd className="font-mono text-xs wrap-anywhere text-slate-900">{entry.reference}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden rounded-card border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm" data-testid="history-table">
          <caption className="sr-only">Your transactions, newest first</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={HEAD}>Date</th>
              <th scope="col" className={HEAD}>Event</th>
              <th scope="col" className={`${HEAD} text-right`}>Main Balance</th>
              <th scope="col" className={`${HEAD} text-right`}>Balance after</th>
              <th scope="col" className={HEAD}>Reference</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="history-row">
                <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(entry.date)}</td>
                <th scope="row" className={`${CELL} font-normal`}>
                  <Event entry={entry} />
                  <span className="mt-1 block break-words text-slate-700">{entry.description}</span>
                  <Note entry={entry} />
                </th>
                <td className={`${CELL} text-right`}>
                  <Change entry={entry} />
                </td>
                <td className={`${CELL} text-right`}>
                  <BalanceAfter cents={entry.mainBalanceAfterCents} />
                </td>
                {/* Broken between words first, inside one only when it cannot fit (a long id). */}
                <td className={`${CELL} max-w-56 min-w-32 font-mono text-xs wrap-anywhere`}>{entry.reference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A transfer's note is its sender's words: quoted and labelled, never taken for ours. */
function Note({ entry }: { entry: HistoryEntryDto }) {
  if (!entry.note) return null;
  return <span className="mt-1 block break-words whitespace-pre-line text-slate-700">Note: “{entry.note}”</span>;
}
