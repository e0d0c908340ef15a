import { ArrowDownToLine, ArrowUpFromLine, Landmark, PiggyBank, TrendingUp, Wallet, type LucideIcon } from "lucide-react";
import { formatCents } from "#shared/money.js";
import type { SummaryDto } from "#shared/schemas/ledger.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useSummary } from "#web/lib/account-summary.js";

/** The six cards, in the reference site's order with its labels; the figures are docs/product.md's "The six figures". */
const CARDS: Array<{ label: string; field: keyof SummaryDto; icon: LucideIcon }> = [
  { label: "Main Balance", field: "mainBalanceCents", icon: Wallet },
  { label: "Interest Balance", field: "interestBalanceCents", icon: TrendingUp },
  { label: "Total Invest", field: "totalInvestCents", icon: PiggyBank },
  { label: "Total Payout", field: "totalPayoutCents", icon: ArrowUpFromLine },
  { label: "Total Transaction", field: "totalTransactionCents", icon: ArrowDownToLine },
  { label: "Total Balance", field: "totalBalanceCents", icon: Landmark },
];

export function BalanceCards() {
  const summary = useSummary();
  if (summary.isPending) return <Loading />;
  // Unlike the reference (which only logged it), say so: zeros here would be a false figure.
  if (summary.isError) return <Alert tone="error">Your balances could not be loaded. Reload the page to try again.</Alert>;

  return (
    <ul aria-label="Balances" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CARDS.map(({ label, field, icon: Icon }) => (
        <li key={field} className="flex items-center gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm" data-testid={`card-${field}`}>
          <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold break-words text-slate-900">{formatCents(summary.data[field])}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
