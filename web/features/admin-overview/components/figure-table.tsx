import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.js";

export interface FigureRow {
  key: string;
  header: ReactNode;
  cells: ReactNode[];
}

const pad = (index: number, count: number) => (index < count - 1 ? "pr-3" : "");

/**
 * The overview's tables of figures: a label per row, then amounts aligned right, inside a box that
 * scrolls (and so takes focus, with `label` as its name) when the table is wider or taller than it.
 */
export function FigureTable({ label, caption, hideCaption, columns, rows, boxClassName, tableClassName }: { label: string; caption: string; hideCaption?: boolean; columns: string[]; rows: FigureRow[]; boxClassName: string; tableClassName: string }) {
  return (
    <div className={boxClassName} tabIndex={0} role="region" aria-label={label}>
      <table className={tableClassName}>
        <caption className={hideCaption ? "sr-only" : "pb-1 text-left text-xs text-slate-600"}>{caption}</caption>
        <thead>
          <tr className="text-left text-slate-600">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={cn("py-1 font-medium", pad(index, columns.length), index > 0 && "text-right")}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-3 text-left font-normal text-slate-700">
                {row.header}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className={cn("py-1 text-right font-semibold tabular-nums", pad(index + 1, columns.length))}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
