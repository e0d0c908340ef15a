import { ledgerCheckDto, reconciliationDto, reconciliationQuery, type ReconciliationDay } from "#shared/schemas/reconciliation.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { csvResponse } from "../http/csv-response.js";
import { amountCell, textCell, toCsv, type CsvColumn } from "../services/admin-lists/csv.js";
import { recordAudit } from "../services/audit/record-audit.js";
import { verifyLedger } from "../services/ledger/verify-ledger.js";
import { reconcile, reconciliationPeriod } from "../services/reconciliation/reconcile.js";

const RECONCILIATION_CSV: CsvColumn<ReconciliationDay>[] = [
  { header: "Day", cell: (row) => textCell(row.day) },
  { header: "Deposits confirmed", cell: (row) => amountCell(row.depositsConfirmedCents) },
  { header: "Deposits account", cell: (row) => amountCell(row.depositsLedgerCents) },
  { header: "Deposits difference", cell: (row) => amountCell(row.depositsDifferenceCents) },
  { header: "Payouts paid", cell: (row) => amountCell(row.payoutsPaidCents) },
  { header: "Payouts account", cell: (row) => amountCell(row.payoutsLedgerCents) },
  { header: "Payouts difference", cell: (row) => amountCell(row.payoutsDifferenceCents) },
  { header: "Profit paid", cell: (row) => amountCell(row.profitPaidCents) },
  { header: "Interest account", cell: (row) => amountCell(row.interestLedgerCents) },
  { header: "Interest difference", cell: (row) => amountCell(row.interestDifferenceCents) },
  { header: "Early-withdrawal fees", cell: (row) => amountCell(row.feesChargedCents) },
  { header: "Fees account", cell: (row) => amountCell(row.feesLedgerCents) },
  { header: "Fees difference", cell: (row) => amountCell(row.feesDifferenceCents) },
  { header: "Liabilities at end of day", cell: (row) => amountCell(row.liabilitiesCents) },
];

/** Proving the books balance: the daily reconciliation and the ledger check on demand. */
export function adminReconciliationRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, clock } = deps;
  return new ApiRouter("/api/admin", deps)
    .on(
      {
        method: "get",
        path: "/reconciliation",
        summary: "Per day: business figures beside the platform accounts, their differences and liabilities; format=csv for a file",
        auth: "admin",
        query: reconciliationQuery,
        response: reconciliationDto,
      },
      async (c, { query }) => {
        const report = await reconcile(database.db, reconciliationPeriod(query, clock.now()));
        if (query.format === "csv") return csvResponse(c, `termvest-reconciliation-${report.from}-${report.to}.csv`, toCsv(RECONCILIATION_CSV, report.days));
        return c.json(report);
      },
    )
    .on(
      { method: "post", path: "/ledger-check", summary: "Check every ledger invariant now (verifyLedger); audited", auth: "admin", response: ledgerCheckDto },
      async (c) => {
        const adminId = c.get("user").id;
        const checkedAt = clock.now().toISOString();
        const problems = await database.db.transaction(async (tx) => {
          const found = await verifyLedger(tx);
          await recordAudit(tx, { actorId: adminId, action: "ledger.check", targetType: "ledger", targetId: "ledger", before: null, after: { checkedAt, problems: found } });
          return found;
        });
        return c.json({ checkedAt, problems });
      },
    );
}
