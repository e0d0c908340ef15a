import { ArrowDownToLine, ArrowUpFromLine, Landmark, PiggyBank, TrendingUp, Wallet, type LucideIcon } from "lucide-react";
import { formatCents } from "#shared/money.js";
import type { SummaryDto } from "#shared/schemas/ledger.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useSummary } from "#web/lib/account-summary.js";

type Figure = Exclude<keyof SummaryDto, "pendingDepositsCents" | "pendingWithdrawalsCents">;

interface Card {
  label: string;
  field: Figure;
  icon: LucideIcon;
  /** One line under the figure that says what it counts, so no card is read as another (docs/product.md, "The six figures"). */
  explains: string;
  /** Money on its way that the figure does not count yet, shown only when there is some. */
  pending?: (summary: SummaryDto) => string | null;
}

const whenAny = (cents: number, words: string) => (cents > 0 ? `${formatCents(cents)} ${words}` : null);

/** The six cards, in the reference site's order with its labels. */
const CARDS: Card[] = [
  { label: "Main Balance", field: "mainBalanceCents", icon: Wallet, explains: "available to invest, withdraw or send" },
  { label: "Interest Balance", field: "interestBalanceCents", icon: TrendingUp, explains: "profit credited so far, included in Main Balance" },
  { label: "Total Invest", field: "totalInvestCents", icon: PiggyBank, explains: "principal in active investments" },
  {
    label: "Total Payout",
    field: "totalPayoutCents",
    icon: ArrowUpFromLine,
    explains: "withdrawals sent to your wallet, all time",
    pending: (summary) => whenAny(summary.pendingWithdrawalsCents, "requested, waiting to be sent"),
  },
  {
    label: "Total Transaction",
    field: "totalTransactionCents",
    icon: ArrowDownToLine,
    explains: "confirmed deposits, all time",
    pending: (summary) => whenAny(summary.pendingDepositsCents, "waiting for confirmation"),
  },
  { label: "Total Balance", field: "totalBalanceCents", icon: Landmark, explains: "Main Balance + invested + withdrawals on hold" },
];

export function BalanceCards() {
  const summary = useSummary();
  if (summary.isPending) return <Loading />;
  // Unlike the reference (which only logged it), say so: zeros here would be a false figure.
  if (summary.isError) return <Alert tone="error">Your balances could not be loaded. Reload the page to try again.</Alert>;
  return <BalanceCardList summary={summary.data} />;
}

/** The six cards for a summary: the user's own, or (the back office's user detail) the same answer read for them. */
export function BalanceCardList({ summary, name = "Balances" }: { summary: SummaryDto; name?: string }) {
  return (
    <ul aria-label={name} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CARDS.map(({ label, field, icon: Icon, explains, pending }) => {
        const waiting = pending?.(summary);
        return (
          <li key={field} className="flex items-start gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm" data-testid={`card-${field}`}>
            <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="size-6" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-600">{label}</p>
              <p className="mt-1 text-2xl font-bold break-words text-slate-900">{formatCents(summary[field])}</p>
              <p className="mt-1 text-sm text-slate-600">{explains}</p>
              {waiting && (
                <p className="mt-2 text-sm font-medium text-amber-800" data-testid={`pending-${field}`}>
                  {waiting}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
