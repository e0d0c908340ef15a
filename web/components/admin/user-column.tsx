import type { DataColumn } from "./data-table.js";

/**
 * "User": whose item a row is, their name over their e-mail, sorted by e-mail. `className` gives the
 * column its minimum width, so an e-mail reads in one or two lines, not broken into six.
 */
export function userColumn<T extends { user: { name: string; email: string } }>(className: string): DataColumn<T> {
  return {
    header: "User",
    sortKey: "email",
    className,
    cell: ({ user }) => (
      <>
        <span className="block">{user.name || "—"}</span>
        {/* Normal weight also when the column heads its row (a <th>). */}
        <span className="block font-normal break-all text-slate-600">{user.email}</span>
      </>
    ),
  };
}
