import { formatCents } from "#shared/money.js";
import type { AdminDepositDto } from "#shared/schemas/deposits.js";
import type { QueueColumn } from "#web/components/admin/queue-table.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { describeMethod } from "../labels.js";

/** What the operator matches against the wallet or bank statement; the reference heads each row. */
export const ADMIN_DEPOSIT_COLUMNS: [QueueColumn<AdminDepositDto>, ...QueueColumn<AdminDepositDto>[]] = [
  { header: "Reference", mono: true, nowrap: true, cell: (deposit) => deposit.reference },
  {
    header: "User",
    cell: (deposit) => (
      <>
        <span className="block">{deposit.user.name || "—"}</span>
        <span className="block break-all text-slate-600">{deposit.user.email}</span>
      </>
    ),
  },
  { header: "Method", cell: describeMethod },
  { header: "Claimed amount", align: "right", cell: (deposit) => formatCents(deposit.amountCents) },
  { header: "Transaction ID", mono: true, cell: (deposit) => deposit.txId ?? "—" },
  { header: "Address", mono: true, cell: (deposit) => deposit.address ?? "—" },
  { header: "Created", cell: (deposit) => formatDateTime(deposit.createdAt) },
];
