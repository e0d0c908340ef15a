import { Link } from "react-router";
import type { AdminUserRow } from "#shared/schemas/admin-users.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import { selectFilter, type FilterField } from "#web/components/admin/filter-bar.js";
import { Badge } from "#web/components/ui/badge.js";
import { formatDateTime } from "#web/lib/format-date.js";

export const userDetailPath = (id: string) => `/dashboard/admin/users/${encodeURIComponent(id)}`;

const yesNo = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

/** The users table's filters; the names are the API's query parameters. */
export const USER_FILTERS: FilterField[] = [
  { kind: "text", name: "q", label: "E-mail, name or ID" },
  selectFilter("role", "Role", { user: "User", admin: "Admin" }),
  { kind: "select", name: "emailVerified", label: "E-mail verified", options: yesNo },
  { kind: "select", name: "twoFactor", label: "2FA on", options: yesNo },
  { kind: "select", name: "banned", label: "Banned", options: yesNo },
];

/** The account's state in words, one badge each, so a row reads without colour. */
export function UserBadges({ user }: { user: Pick<AdminUserRow, "role" | "emailVerified" | "twoFactorEnabled" | "banned"> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.role === "admin" && <Badge tone="neutral">Admin</Badge>}
      {user.banned && <Badge tone="danger">Banned</Badge>}
      {!user.emailVerified && <Badge tone="warning">E-mail not verified</Badge>}
      {user.twoFactorEnabled && <Badge tone="success">2FA on</Badge>}
    </span>
  );
}

/** The e-mail heads each row and opens the user's detail. */
export const USER_COLUMNS: [DataColumn<AdminUserRow>, ...DataColumn<AdminUserRow>[]] = [
  {
    header: "E-mail",
    sortKey: "email",
    cell: (user) => (
      <Link to={userDetailPath(user.id)} className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {user.email}
      </Link>
    ),
  },
  { header: "Name", sortKey: "name", cell: (user) => user.name || "—" },
  { header: "Role", sortKey: "role", cell: (user) => (user.role === "admin" ? "Admin" : "User") },
  { header: "Status", cell: (user) => <UserBadges user={user} /> },
  { header: "Joined", sortKey: "createdAt", cell: (user) => formatDateTime(user.createdAt) },
  { header: "ID", mono: true, cell: (user) => user.id },
];
