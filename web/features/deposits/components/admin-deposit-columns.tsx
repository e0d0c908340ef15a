import { formatCents } from "#shared/money.js";
import type { AdminDepositDto } from "#shared/schemas/deposits.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import { RANGE_FILTERS, selectFilter, type FilterField } from "#web/components/admin/filter-bar.js";
import { userColumn } from "#web/components/admin/user-column.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { describeMethod, EXCEPTION_LABELS, STATUS_LABELS } from "../labels.js";
import { DepositStatusBadge } from "./deposit-status-badge.js";

/** What the operator matches against the wallet or bank statement; the reference heads each row. */
export const ADMIN_DEPOSIT_COLUMNS: [DataColumn<AdminDepositDto>, ...DataColumn<AdminDepositDto>[]] = [
  {
    header: "Reference",
    sortKey: "reference",
    nowrap: true,
    cell: (deposit) => (
      <>
        <span className="block font-mono">{deposit.reference}</span>
        <span className="block text-xs font-normal text-slate-600">{describeMethod(deposit)}</span>
      </>
    ),
  },
  {
    header: "Status",
    sortKey: "status",
    cell: (deposit) => (
      <>
        <DepositStatusBadge status={deposit.status} />
        {deposit.exception && <span className="block text-xs text-slate-600">{EXCEPTION_LABELS[deposit.exception]}</span>}
        {deposit.reorgedAt && <span className="block text-xs font-semibold text-danger-600">Left the chain {formatDateTime(deposit.reorgedAt)}: check it</span>}
      </>
    ),
  },
  userColumn("min-w-48"),
  {
    header: "Amount",
    sortKey: "amountCents",
    align: "right",
    cell: (deposit) => (
      <>
        {formatCents(deposit.amountCents)}
        {deposit.receivedCents !== null && deposit.receivedCents !== deposit.amountCents && (
          <span className="block text-xs text-slate-600">received {formatCents(deposit.receivedCents)}</span>
        )}
        {deposit.amountBtc && (
          <span className="block text-xs text-slate-600">
            {deposit.receivedBtc} of {deposit.amountBtc} BTC
          </span>
        )}
      </>
    ),
  },
  {
    header: "Transaction ID / address",
    mono: true,
    className: "min-w-40",
    cell: (deposit) => (
      <>
        <span className="block">{deposit.txId ?? "—"}</span>
        {deposit.address && <span className="block text-slate-600">{deposit.address}</span>}
      </>
    ),
  },
  { header: "Created", sortKey: "createdAt", cell: (deposit) => formatDateTime(deposit.createdAt) },
];

/** The deposit list's filters, named as `GET /api/admin/deposits` takes them. */
export const ADMIN_DEPOSIT_FILTERS: FilterField[] = [
  { kind: "text", name: "q", label: "Search", placeholder: "Reference, e-mail, name or ID" },
  selectFilter("status", "Status", STATUS_LABELS),
  selectFilter("exception", "Invoice exception", { any: "Any exception", ...EXCEPTION_LABELS }),
  selectFilter("method", "Method", { bank: "Bank transfer", crypto: "Crypto" }),
  ...RANGE_FILTERS,
];
