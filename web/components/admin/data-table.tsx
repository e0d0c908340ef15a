import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { CursorPager } from "#web/components/ui/cursor-pager.js";
import { Loading } from "#web/components/ui/spinner.js";
import { cn } from "#web/lib/cn.js";
import type { Outcome } from "#web/lib/outcome.js";
import type { ListQuery } from "./use-list-query.js";
import type { ListState } from "./use-list-state.js";

export interface DataColumn<T> {
  header: string;
  cell(item: T): ReactNode;
  /** The API's sort key for this column: its header becomes a button that sorts by it. */
  sortKey?: string;
  /** Addresses and ids: monospaced, so look-alike characters can be told apart, and wrapped anywhere rather than widening the table. */
  mono?: boolean;
  /** Short codes read as one word (a reference): kept on one line. */
  nowrap?: boolean;
  align?: "right";
  /** Extra classes for this column's cells (a minimum width for an e-mail, say). */
  className?: string;
}

/** What a row offers: a button that opens a panel under the row (the decision form, say). */
export interface RowAction<T> {
  /** The button's words ("Review"); none for an item that offers nothing. */
  label(item: T): string | undefined;
  /** The panel; `close` folds it again. */
  panel(item: T, onOutcome: (outcome: Outcome) => void, close: () => void): ReactNode;
}

interface DataTableProps<T> {
  /** Read by screen readers before the table, and names the scrollable region around it. */
  caption: string;
  /** The first column heads each row (`<th scope="row">`), so pick the one that identifies an item. */
  columns: [DataColumn<T>, ...DataColumn<T>[]];
  /** The list's query (`useListQuery`, `{ items, nextCursor, total }`): while another page or sort is on its way, the old rows stay, dimmed. */
  query: ListQuery<T>;
  /** Said when the list could not be loaded (after the server's own sentence, if it gave one), and when nothing matches. */
  loadError: string;
  empty: string;
  itemKey(item: T): string;
  /** On each item's group of rows, for tests and tools that pick one item out of the list. */
  itemTestId: string;
  /** Sort and filters from the URL and the pages walked through (`useListState`). */
  list: ListState;
  /** The filter form above the table (`FilterBar`). */
  filters?: ReactNode;
  /** The export of every matching row, as a link. */
  csvHref?: string;
  rowAction?: RowAction<T>;
}

const CELL = "px-3 py-2 align-top";

/**
 * The one back-office list: sortable column headers (aria-sort), a filter slot, server-side keyset
 * pages (Newer / Older on a list newest first, Previous / Next in another order) under the count of
 * every match, a CSV link, loading, error and empty states, and a per-row action that opens under its row, so a
 * page of 50 stays one line per item however long the queue. The outcome of the last action takes
 * focus, because the row acted on may leave the list and a keyboard user would otherwise be dropped
 * to the top of the page. On a narrow screen the table scrolls sideways inside its own box and the
 * open panel stays at the box's width, so the page itself never scrolls sideways.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, columns, query, loadError, empty, itemKey, itemTestId, list, filters, csvHref, rowAction } = props;
  const { data, isPending, isError, isPlaceholderData: isFetching } = query;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const message = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  const onOutcome = (next: Outcome) => {
    setOutcome(next);
    setOpen(null);
  };
  const [first, ...rest] = columns;
  const span = columns.length + (rowAction ? 1 : 0);
  const { pages } = list;

  return (
    <div className="flex flex-col gap-4">
      {filters}
      <div ref={message} tabIndex={-1} className="outline-none empty:hidden" data-testid="admin-outcome">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        {/* With nothing to list the empty state below says why (no matches, or nothing yet): no count here. */}
        <p aria-live="polite">{data && data.total > 0 ? `${data.total.toLocaleString("en-US")}${data.totalCapped ? "+" : ""} matching` : " "}</p>
        {csvHref && (
          <a href={csvHref} download className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Download CSV
          </a>
        )}
      </div>
      {isPending && <Loading />}
      {isError && <Alert tone="error">{query.error?.message || loadError}</Alert>}
      {data && data.items.length === 0 && (
        // A later page emptied by decisions taken meanwhile: the pager below goes back.
        <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700">{pages.depth > 0 ? "This page is empty." : empty}</p>
      )}
      {data && data.items.length > 0 && (
        // Focusable so keyboard users can scroll it; labelled so that stop is announced.
        // Positioned, so the screen-reader-only header text stays inside the scrolling box instead of widening the page;
        // a size container, so an open panel can be exactly as wide as the visible box (100cqw).
        <div className={cn("@container relative overflow-x-auto rounded-card border border-slate-200 bg-white", isFetching && "opacity-60")} tabIndex={0} role="region" aria-label={caption} aria-busy={isFetching || undefined}>
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <HeaderCell key={column.header} column={column} list={list} />
                ))}
                {rowAction && (
                  // Kept at the right edge of the box, so the action is in view however far the table scrolls.
                  <th scope="col" className={cn("sticky right-0 bg-slate-50 px-3 py-2 font-semibold", STICKY_EDGE)}>
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            {data.items.map((item) => {
              const key = itemKey(item);
              const action = rowAction?.label(item);
              const panelId = `panel-${key}`;
              return (
                <tbody key={key} className="border-t border-slate-200 first-of-type:border-t-0" data-testid={itemTestId}>
                  <tr>
                    <th scope="row" className={cellClass(first, "font-medium text-slate-900")}>
                      {first.cell(item)}
                    </th>
                    {rest.map((column) => (
                      <td key={column.header} className={cellClass(column, "text-slate-900")}>
                        {column.cell(item)}
                      </td>
                    ))}
                    {rowAction && (
                      <td className={cn("sticky right-0 bg-white px-3 py-1.5 text-right align-top whitespace-nowrap", STICKY_EDGE)}>
                        {action && (
                          <button
                            type="button"
                            aria-expanded={open === key}
                            aria-controls={panelId}
                            onClick={() => setOpen(open === key ? null : key)}
                            className="min-h-9 rounded-lg border border-slate-300 px-3 font-medium text-slate-900 hover:bg-slate-50"
                          >
                            {open === key ? "Close" : action}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                  {rowAction && open === key && (
                    <tr id={panelId}>
                      <td colSpan={span} className="bg-slate-50 px-3 pb-4">
                        {/* Pinned to the visible width of the box, so the whole form shows without scrolling sideways, however wide the table. */}
                        <div className="sticky left-3 w-[calc(100cqw-1.5rem)] pt-3">{rowAction.panel(item, onOutcome, () => setOpen(null))}</div>
                      </td>
                    </tr>
                  )}
                </tbody>
              );
            })}
          </table>
        </div>
      )}
      {data && <CursorPager stack={pages} nextCursor={data.nextCursor} busy={isFetching} labels={newestFirst(list.sort) ? ["Newer", "Older"] : ["Previous", "Next"]} />}
    </div>
  );
}

/** The lists' newest-first orders (a user's lists have no sort of their own: newest first). */
const newestFirst = (sort: string) => sort === "" || sort === "-createdAt" || sort === "-seq";

/**
 * A soft shade along the left edge of the pinned action column: on a narrow screen the columns
 * scroll under it, and a cell cut at its edge should read as "more to the side", not as broken.
 * A gradient of its own (a shadow or a border on a cell does not paint in a collapsed table), and
 * only while the box is narrower than the table's 56rem, when something can be under it.
 */
const STICKY_EDGE =
  "@max-[56rem]:before:pointer-events-none @max-[56rem]:before:absolute @max-[56rem]:before:inset-y-0 @max-[56rem]:before:left-0 @max-[56rem]:before:w-2.5 @max-[56rem]:before:-translate-x-full @max-[56rem]:before:bg-linear-to-l @max-[56rem]:before:from-slate-900/15 @max-[56rem]:before:to-transparent";

/** A header that sorts: ascending first, then descending; `aria-sort` says which way it is sorted now. */
function HeaderCell<T>({ column, list }: { column: DataColumn<T>; list: ListState }) {
  const base = cn("px-3 py-2 font-semibold whitespace-nowrap", column.align === "right" && "text-right");
  if (!column.sortKey) {
    return (
      <th scope="col" className={base}>
        {column.header}
      </th>
    );
  }
  const direction = list.sort === column.sortKey ? "ascending" : list.sort === `-${column.sortKey}` ? "descending" : "none";
  const next = direction === "ascending" ? `-${column.sortKey}` : column.sortKey;
  return (
    <th scope="col" className={base} aria-sort={direction}>
      <button type="button" onClick={() => list.setSort(next)} className="inline-flex min-h-8 items-center gap-1 rounded underline-offset-2 hover:underline">
        {column.header}
        <span aria-hidden="true" className="text-xs text-slate-500">
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}

function cellClass<T>(column: DataColumn<T>, extra: string) {
  return cn(CELL, extra, column.className, column.mono && "font-mono break-all", (column.nowrap || column.align === "right") && "whitespace-nowrap", column.align === "right" && "text-right");
}
