import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { cn } from "#web/lib/cn.js";
import type { Outcome } from "#web/lib/outcome.js";

export interface QueueColumn<T> {
  header: string;
  cell(item: T): ReactNode;
  /** Addresses and ids: monospaced, so look-alike characters can be told apart, and wrapped anywhere rather than widening the table. */
  mono?: boolean;
  /** Short codes read as one word (a reference): kept on one line. */
  nowrap?: boolean;
  align?: "right";
}

interface QueueTableProps<T> {
  /** Read by screen readers before the table, and names the scrollable region around it. */
  caption: string;
  /** The first column heads each row (`<th scope="row">`), so pick the one that identifies an item. */
  columns: [QueueColumn<T>, ...QueueColumn<T>[]];
  /** The list as its query gives it: undefined while loading or after an error. */
  items: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Said when the list could not be loaded, and when it is empty. */
  loadError: string;
  empty: string;
  itemKey(item: T): string;
  /** On each item's group of rows, for tests and tools that pick one item out of the queue. */
  itemTestId: string;
  /** The operator's decision for one item, on its own row under the item's details. */
  decision(item: T, onOutcome: (outcome: Outcome) => void): ReactNode;
}

const CELL = "px-4 py-3 align-top";

/**
 * A back-office queue (pending deposits, pending payouts) as a table: loading, error and empty
 * states, one `<tbody>` per item holding its details row and its decision row (the forms need more
 * room than a cell gives them), and the outcome of the last decision. The outcome takes focus
 * because the row acted on disappears and a keyboard user would otherwise be dropped to the top of
 * the page. On a narrow screen the table scrolls sideways inside its own box and the decision stays
 * at the box's width, so the page itself never scrolls sideways.
 */
export function QueueTable<T>({ caption, columns, items, isPending, isError, loadError, empty, itemKey, itemTestId, decision }: QueueTableProps<T>) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  const [first, ...rest] = columns;
  return (
    <>
      <div ref={message} tabIndex={-1} className="mb-4 outline-none empty:hidden" data-testid="admin-outcome">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      {isPending && <Loading />}
      {isError && <Alert tone="error">{loadError}</Alert>}
      {items && items.length === 0 && <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700">{empty}</p>}
      {items && items.length > 0 && (
        // Focusable so keyboard users can scroll it; labelled so that stop is announced.
        <div className="overflow-x-auto rounded-card border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={cn("px-4 py-3 font-semibold whitespace-nowrap", column.align === "right" && "text-right")}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            {items.map((item) => (
              <tbody key={itemKey(item)} className="border-t border-slate-300 first-of-type:border-t-0" data-testid={itemTestId}>
                <tr>
                  <th scope="row" className={cellClass(first, "font-medium text-slate-900")}>
                    {first.cell(item)}
                  </th>
                  {rest.map((column) => (
                    <td key={column.header} className={cellClass(column, "text-slate-900")}>
                      {column.cell(item)}
                    </td>
                  ))}
                </tr>
                <tr>
                  <td colSpan={columns.length} className="px-4 pb-4">
                    {/* Pinned to the visible width of the box, so a phone shows the whole form without scrolling sideways. */}
                    <div className="sticky left-4 max-w-[calc(100vw-4rem)] border-t border-slate-200 pt-4 sm:max-w-none">{decision(item, setOutcome)}</div>
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      )}
    </>
  );
}

function cellClass(column: QueueColumn<unknown>, extra: string) {
  return cn(CELL, extra, column.mono && "font-mono break-all", (column.nowrap || column.align === "right") && "whitespace-nowrap", column.align === "right" && "text-right");
}
