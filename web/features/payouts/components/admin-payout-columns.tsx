import { formatCents } from "#shared/money.js";
import { AWAITING_APPROVAL, type AdminPayoutDto } from "#shared/schemas/payouts.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import { RANGE_FILTERS, type FilterField } from "#web/components/admin/filter-bar.js";
import { userColumn } from "#web/components/admin/user-column.js";
import { Badge } from "#web/components/ui/badge.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { AdminPayoutBitcoin } from "./admin-payout-bitcoin.js";
import { PayoutStatusBadge } from "./payout-status-badge.js";

/** Where a payout stands, with four eyes: a large requested one waits for, or names, its second admin. */
function PayoutState({ payout }: { payout: AdminPayoutDto }) {
  if (payout.status !== "requested" || !payout.needsApproval) return <PayoutStatusBadge status={payout.status} />;
  if (!payout.approvedBy) return <Badge tone="warning">Awaiting second approval</Badge>;
  return (
    <>
      <Badge tone="success">Approved, not yet paid</Badge>
      <span className="mt-1 block text-xs break-all text-slate-600">by {payout.approvedBy.email}</span>
    </>
  );
}

/** Who, how much, where to and since when; the user heads each row, since that is who gets paid. */
export const ADMIN_PAYOUT_COLUMNS: [DataColumn<AdminPayoutDto>, ...DataColumn<AdminPayoutDto>[]] = [
  userColumn("min-w-56"),
  { header: "Status", sortKey: "status", cell: (payout) => <PayoutState payout={payout} /> },
  {
    header: "Amount",
    sortKey: "amountCents",
    align: "right",
    cell: (payout) => (
      <>
        {formatCents(payout.amountCents)}
        <AdminPayoutBitcoin payout={payout} />
      </>
    ),
  },
  { header: "Wallet address (bitcoin)", mono: true, cell: (payout) => payout.walletAddress },
  { header: "Transaction ID", mono: true, cell: (payout) => payout.txId ?? "—" },
  { header: "Created", sortKey: "createdAt", cell: (payout) => formatDateTime(payout.createdAt) },
];

/** The payout list's filters, named as `GET /api/admin/payouts` takes them. */
export const ADMIN_PAYOUT_FILTERS: FilterField[] = [
  { kind: "text", name: "q", label: "Search", placeholder: "E-mail, name, address or ID" },
  {
    kind: "select",
    name: "status",
    label: "Status",
    options: [
      { value: "requested", label: "Pending" },
      { value: AWAITING_APPROVAL, label: "Awaiting second approval" },
      { value: "paid", label: "Paid" },
      { value: "rejected", label: "Rejected" },
      { value: "cancelled", label: "Cancelled" },
    ],
  },
  ...RANGE_FILTERS,
];
