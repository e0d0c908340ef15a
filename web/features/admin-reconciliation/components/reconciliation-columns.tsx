import { formatCents } from "#shared/money.js";
import type { ReconciliationDay } from "#shared/schemas/reconciliation.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import type { FilterField } from "#web/components/admin/filter-bar.js";

/** A difference other than zero is marked in words as well as colour, so it is never missed. */
function Difference({ cents }: { cents: number }) {
  if (cents === 0) return <span className="text-slate-600">{formatCents(0)}</span>;
  return (
    <span className="inline-block rounded bg-danger-50 px-1.5 font-semibold text-danger-600" data-testid="reconciliation-difference">
      {formatCents(cents)} <span className="text-xs font-medium">difference</span>
    </span>
  );
}

const money = (pick: (day: ReconciliationDay) => number): ((day: ReconciliationDay) => string) => (day) => formatCents(pick(day));

export const RECONCILIATION_COLUMNS: [DataColumn<ReconciliationDay>, ...DataColumn<ReconciliationDay>[]] = [
  { header: "Day (UTC)", nowrap: true, cell: (day) => day.day },
  { header: "Deposits confirmed", align: "right", cell: money((day) => day.depositsConfirmedCents) },
  { header: "Deposits account", align: "right", cell: money((day) => day.depositsLedgerCents) },
  { header: "Deposits diff.", align: "right", cell: (day) => <Difference cents={day.depositsDifferenceCents} /> },
  { header: "Payouts paid", align: "right", cell: money((day) => day.payoutsPaidCents) },
  { header: "Payouts account", align: "right", cell: money((day) => day.payoutsLedgerCents) },
  { header: "Payouts diff.", align: "right", cell: (day) => <Difference cents={day.payoutsDifferenceCents} /> },
  { header: "Profit paid", align: "right", cell: money((day) => day.profitPaidCents) },
  { header: "Interest account", align: "right", cell: money((day) => day.interestLedgerCents) },
  { header: "Interest diff.", align: "right", cell: (day) => <Difference cents={day.interestDifferenceCents} /> },
  { header: "Fees kept", align: "right", cell: money((day) => day.feesChargedCents) },
  { header: "Fees account", align: "right", cell: money((day) => day.feesLedgerCents) },
  { header: "Fees diff.", align: "right", cell: (day) => <Difference cents={day.feesDifferenceCents} /> },
  { header: "Liabilities at close", align: "right", cell: money((day) => day.liabilitiesCents) },
];

export const RECONCILIATION_FILTERS: FilterField[] = [
  { kind: "date", name: "from", label: "From" },
  { kind: "date", name: "to", label: "To" },
];
