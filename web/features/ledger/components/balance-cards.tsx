import { ArrowDownToLine, ArrowUpFromLine, Landmark, PiggyBank, TrendingUp, Wallet, type LucideIcon } from "lucide-react";
import { formatCents } from "#shared/money.js";
import type { SummaryDto } from "#shared/schemas/ledger.js";
import { Alert } from "#web/components/ui/alert.js";
import { LinkButton } from "#web/components/ui/button.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useSummary } from "#web/lib/account-summary.js";
import { cn } from "#web/lib/cn.js";

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
  if (isEmpty(summary.data)) return <FirstDeposit />;
  return <BalanceCardList summary={summary.data} />;
}

/** Nothing has happened on the account yet: no figure, nothing on its way. */
const isEmpty = (summary: SummaryDto) => Object.values(summary).every((cents) => cents === 0);

/**
 * A new investor's first screen: the Total Balance and the way to change it, instead of six cards
 * of $0.00 to scroll past on a phone; what the six will show is said once.
 */
function FirstDeposit() {
  return (
    <div className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="first-deposit">
      <div>
        <p className="text-sm font-medium text-slate-600">Total Balance</p>
        <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="card-totalBalanceCents">
          {formatCents(0)}
        </p>
      </div>
      <p className="text-slate-700">
        Nothing is in your account yet. Make a deposit to start: once it is confirmed, your balances show here (what you can invest or withdraw,
        what is invested, profit, withdrawals and deposits).
      </p>
      <LinkButton to="/dashboard/transfer" className="self-start">
        Make a deposit
      </LinkButton>
    </div>
  );
}

/** The six cards for a summary: the user's own, or (the back office's user detail) the same answer read for them. */
export function BalanceCardList({ summary, name = "Balances" }: { summary: SummaryDto; name?: string }) {
  return (
    <ul aria-label={name} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CARDS.map(({ label, field, icon: Icon, explains, pending }) => {
        const waiting = pending?.(summary);
        return (
          // The Total Balance leads on a phone, where the cards are one column; in the grid it keeps its place.
          <li
            key={field}
            className={cn("flex items-start gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm", field === "totalBalanceCents" && "order-first sm:order-none")}
            data-testid={`card-${field}`}
          >
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
