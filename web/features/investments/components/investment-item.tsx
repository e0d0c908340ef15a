import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { formatCents, formatRate } from "#shared/money.js";
import type { EarlyWithdrawalDto, InvestmentDto } from "#shared/schemas/investments.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { formatDate } from "#web/lib/format-date.js";
import { earlyWithdrawalTerms } from "#web/lib/plan-terms.js";
import { canWithdrawEarly, investmentHref, investmentNotes, outcomeFigure, type InvestmentNote } from "../investment-words.js";
import { EarlyWithdrawalDialog } from "./early-withdrawal-dialog.js";
import { InstructionControl } from "./instruction-control.js";
import { InvestmentStatusBadge } from "./investment-status-badge.js";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function daysLeft(investment: InvestmentDto): string {
  if (investment.status !== "active") return "0";
  if (investment.daysLeft === 0) return "Due now";
  return investment.daysLeft === 1 ? "1 day" : `${investment.daysLeft} days`;
}

function profitLabel(investment: InvestmentDto): { label: string; value: string } {
  switch (investment.status) {
    case "active":
      return { label: "Profit so far", value: `${formatCents(investment.accruedProfitCents)} of ${formatCents(investment.profitCents)}` };
    case "withdrawn_early":
      return { label: "Profit", value: "None" };
    default:
      return { label: "Profit paid", value: formatCents(investment.profitCents) };
  }
}

/** The terms beside "Withdraw early"; none once the investment is due, when settlement pays it with its profit. */
function earlyWithdrawalNote(investment: InvestmentDto): string | null {
  if (!investment.earlyWithdrawalAllowed) return "This investment cannot be withdrawn before maturity.";
  return canWithdrawEarly(investment) ? `${earlyWithdrawalTerms(investment)}.` : null;
}

function Note({ note }: { note: InvestmentNote }) {
  return (
    <p className="text-sm text-slate-700">
      {note.text}
      {note.link && (
        <>
          <Link to={investmentHref(note.link.id)} className="font-medium text-brand-700 underline hover:text-brand-900">
            {note.link.linkText}
          </Link>
          {note.link.after}
        </>
      )}
    </p>
  );
}

interface Props {
  investment: InvestmentDto;
  /** The overview's short form: the figures that matter, no actions. */
  compact?: boolean;
  /** Another investment of the same list, by id: the one this continues or that continues it. */
  related?: (id: string) => InvestmentDto | undefined;
}

/** One investment under the terms it was made with: its state in words and, while active, its instruction and early withdrawal. */
export function InvestmentItem({ investment, compact, related = () => undefined }: Props) {
  const [withdrawing, setWithdrawing] = useState(false);
  const [withdrawn, setWithdrawn] = useState<EarlyWithdrawalDto | null>(null);
  const withdrawButton = useRef<HTMLButtonElement>(null);
  const message = useRef<HTMLDivElement>(null);
  const profit = profitLabel(investment);
  const figure = outcomeFigure(investment);
  const notes = investmentNotes(investment, related);
  const active = investment.status === "active";

  // The dialog closes on success and its button is gone: the outcome takes focus instead.
  useEffect(() => {
    if (withdrawn) message.current?.focus();
  }, [withdrawn]);

  return (
    <li id={subjectAnchor("investment", investment.id)} className="flex scroll-mt-24 flex-col gap-3 p-4" data-testid="my-investment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {investment.planName}
          {compact && <span className="font-normal text-slate-700"> · {formatCents(investment.principalCents)}</span>}
        </p>
        <InvestmentStatusBadge status={investment.status} />
      </div>
      <dl className={compact ? "grid grid-cols-2 gap-3 sm:grid-cols-3" : "grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7"}>
        {!compact && <Detail label="Principal">{formatCents(investment.principalCents)}</Detail>}
        {!compact && <Detail label="Rate">{formatRate(investment.rateBasisPoints)}</Detail>}
        {!compact && <Detail label="Start date">{formatDate(investment.startedAt)}</Detail>}
        <Detail label="Maturity date">{formatDate(investment.maturesAt)}</Detail>
        <Detail label="Days left">{daysLeft(investment)}</Detail>
        <Detail label={profit.label}>{profit.value}</Detail>
        {!compact && <Detail label={figure.label}>{formatCents(figure.cents)}</Detail>}
      </dl>
      {notes.length > 0 && (
        <div className="flex flex-col gap-1" data-testid="investment-notes">
          {notes.map((note) => (
            <Note key={note.text} note={note} />
          ))}
        </div>
      )}
      <div ref={message} tabIndex={-1} className="outline-none empty:hidden">
        {withdrawn && (
          <Alert tone="success">
            Withdrawn early: {formatCents(withdrawn.payoutCents)} is now in your Main Balance. The {formatCents(withdrawn.feeCents)} fee was kept and no profit was paid.
          </Alert>
        )}
      </div>
      {!compact && active && (
        <div className="border-t border-slate-200 pt-3">
          <InstructionControl
            investment={investment}
            note={earlyWithdrawalNote(investment) && <p className="mt-1 text-xs text-slate-600">{earlyWithdrawalNote(investment)}</p>}
            actions={
              canWithdrawEarly(investment) && (
                <Button ref={withdrawButton} variant="dangerOutline" onClick={() => setWithdrawing(true)}>
                  Withdraw early
                </Button>
              )
            }
          />
        </div>
      )}
      {withdrawing && (
        <EarlyWithdrawalDialog
          investment={investment}
          returnFocusTo={withdrawButton}
          onClose={() => setWithdrawing(false)}
          onWithdrawn={(result) => {
            setWithdrawing(false);
            setWithdrawn(result);
          }}
        />
      )}
    </li>
  );
}
