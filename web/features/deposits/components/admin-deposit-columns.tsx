import { formatCents } from "#shared/money.js";
import type { AdminDepositDto } from "#shared/schemas/deposits.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import type { FilterField } from "#web/components/admin/filter-bar.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { describeMethod, STATUS_LABELS } from "../labels.js";
import { DepositStatusBadge } from "./deposit-status-badge.js";

/** What the operator matches against the wallet or bank statement; the reference heads each row. */
export const ADMIN_DEPOSIT_COLUMNS: [DataColumn<AdminDepositDto>, ...DataColumn<AdminDepositDto>[]] = [
  { header: "Reference", sortKey: "reference", mono: true, nowrap: true, cell: (deposit) => deposit.reference },
  { header: "Status", sortKey: "status", cell: (deposit) => <DepositStatusBadge status={deposit.status} /> },
  {
    header: "User",
    sortKey: "email",
    cell: (deposit) => (
      <>
        <span className="block">{deposit.user.name || "—"}</span>
        <span className="block break-all text-slate-600">{deposit.user.email}</span>
      </>
    ),
  },
  { header: "Method", cell: describeMethod },
  {
    header: "Claimed amount",
    sortKey: "amountCents",
    align: "right",
    cell: (deposit) => (
      <>
        {formatCents(deposit.amountCents)}
        {deposit.receivedCents !== null && deposit.receivedCents !== deposit.amountCents && (
          <span className="block text-xs text-slate-600">received {formatCents(deposit.receivedCents)}</span>
        )}
      </>
    ),
  },
  { header: "Transaction ID", mono: true, cell: (deposit) => deposit.txId ?? "—" },
  { header: "Address", mono: true, cell: (deposit) => deposit.address ?? "—" },
  { header: "Created", sortKey: "createdAt", cell: (deposit) => formatDateTime(deposit.createdAt) },
];

/** The deposit list's filters, named as `GET /api/admin/deposits` takes them. */
export const ADMIN_DEPOSIT_FILTERS: FilterField[] = [
  { kind: "text", name: "q", label: "Search (reference, e-mail, name, ID)" },
  { kind: "select", name: "status", label: "Status", options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })) },
  {
    kind: "select",
    name: "method",
    label: "Method",
    options: [
      { value: "bank", label: "Bank transfer" },
      { value: "crypto", label: "Crypto" },
    ],
  },
  { kind: "date", name: "from", label: "From" },
  { kind: "date", name: "to", label: "To" },
  { kind: "amount", name: "min", label: "Min amount" },
  { kind: "amount", name: "max", label: "Max amount" },
];
