import { useEffect, useRef, useState, type ReactNode } from "react";
import { selectContents } from "../select-contents.js";
import { ExternalLink } from "lucide-react";
import { formatCents, formatDecimalUsd } from "#shared/money.js";
import type { DepositDto } from "#shared/schemas/deposits.js";
import { buttonClass, LinkButton } from "#web/components/ui/button.js";
import { CopyButton } from "#web/components/ui/copy-button.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { invalidateAccount } from "#web/lib/query-keys.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loaded } from "#web/components/ui/loaded.js";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { isInvoice, useDeposit } from "../api/deposits.js";
import { btcToSats, countdownMilestone, formatCountdown, satsToBtc } from "../invoice-countdown.js";
import { DepositStatusBadge } from "./deposit-status-badge.js";
import { QrCode } from "./qr-code.js";


/** The crypto page's amount step, prefilled with this invoice's dollars: a new invoice at the current rate. */
export function newInvoiceLink(deposit: Pick<DepositDto, "amountCents">): string {
  return `/dashboard/transfer/crypto?amount=${(deposit.amountCents / 100).toFixed(2)}`;
}

/** Milliseconds until `expiresAt`, ticking every second while `running` (and once more at zero). */
function useRemaining(expiresAt: string, running: boolean): number {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running, deadline]);
  return deadline - now;
}

type Invoice = DepositDto & { amountBtc: string; rateUsd: string; bip21: string; requiredConfirmations: number };

/**
 * An invoice (automatic crypto deposit): what to send in bitcoin at the locked rate, a QR of the
 * BIP21 link, copy buttons, "Open in wallet", the countdown and the live status. The caller reads
 * the invoice again while it is open; this only shows it.
 */
export function CryptoInvoice({ deposit }: { deposit: Invoice }) {
  const open = deposit.status === "new" || deposit.status === "processing";
  const remaining = useRemaining(deposit.expiresAt, open);
  const receivedSats = btcToSats(deposit.receivedBtc ?? "0");
  const askedSats = btcToSats(deposit.amountBtc);
  const paidInFull = receivedSats >= askedSats;
  const payable = open && !(deposit.status === "processing" && paidInFull);
  const amountRef = useRef<HTMLElement>(null);
  const addressRef = useRef<HTMLElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  const selectForManualCopy = (which: "address" | "amount") => {
    selectContents(which === "address" ? addressRef.current : amountRef.current);
    setCopyFailed(true);
  };

  return (
    <div className="flex min-w-0 flex-col gap-5 rounded-card border border-slate-200 bg-white p-4 sm:p-6" data-testid="crypto-invoice">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          Reference <span className="font-mono">{deposit.reference}</span>
        </p>
        <DepositStatusBadge status={deposit.status} />
      </div>

      <InvoiceStatus deposit={deposit} receivedSats={receivedSats} askedSats={askedSats} />

      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Send exactly">
          <span ref={amountRef} data-testid="invoice-btc" className="font-mono">
            {deposit.amountBtc}
          </span>{" "}
          BTC
        </Figure>
        <Figure label="Locked rate">
          <span data-testid="invoice-rate">{formatDecimalUsd(deposit.rateUsd)}</span> per BTC
        </Figure>
        <Figure label="Deposit">
          <span data-testid="invoice-usd">{formatCents(deposit.amountCents)}</span>
        </Figure>
      </dl>

      <Countdown remaining={remaining} expiresAt={deposit.expiresAt} shown={payable} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* Once nothing is left to pay, nothing invites a payment: no code to scan, no amount to copy. */}
        {payable && (
          <div className="flex shrink-0 flex-col items-center gap-2 text-center">
            <QrCode text={deposit.bip21} label={`QR code to pay ${deposit.amountBtc} BTC to ${deposit.address ?? "the invoice address"}`} />
            <p className="max-w-48 text-sm text-slate-700">Scan with your wallet app: the address and the amount are filled in.</p>
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <h2 className="text-base font-semibold text-slate-900">{payable ? "Pay to this address" : "The invoice address"}</h2>
          <code ref={addressRef} data-testid="invoice-address" className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">
            {deposit.address}
          </code>
          <div className="flex flex-wrap gap-2">
            {deposit.address && <CopyButton text={deposit.address} label="Copy address" onFailure={() => selectForManualCopy("address")} />}
            {payable && (
              <>
                <CopyButton text={deposit.amountBtc} label="Copy amount" onFailure={() => selectForManualCopy("amount")} />
                <a href={deposit.bip21} className={buttonClass("primary")}>
                  <ExternalLink aria-hidden="true" className="size-4" />
                  Open in wallet
                </a>
              </>
            )}
          </div>
          {copyFailed && <p className="text-sm text-slate-700">Copying is not allowed here. The text is selected: copy it with Ctrl+C or a long press.</p>}
          <p className="text-sm text-slate-700">
            {payable ? (
              <>
                Send one payment of the exact amount. It is credited automatically once it has {deposit.requiredConfirmations}{" "}
                {deposit.requiredConfirmations === 1 ? "confirmation" : "confirmations"} on the bitcoin network.
              </>
            ) : (
              "This invoice takes no more payments: do not send bitcoin to this address."
            )}
          </p>
        </div>
      </div>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The time left, drawn every second but not announced every second: the visible figure is a
 * timer (not live); a separate polite region speaks only at five minutes, one minute and expiry.
 * The row keeps its height when the countdown is hidden, so nothing below it moves.
 */
function Countdown({ remaining, expiresAt, shown }: { remaining: number; expiresAt: string; shown: boolean }) {
  return (
    <div className="min-h-12">
      {shown && (
        <p className="flex flex-wrap items-baseline gap-x-2 text-slate-800">
          <span>Time left to pay at this rate:</span>
          <span role="timer" aria-label={`Expires at ${formatDateTime(expiresAt)}`} data-testid="invoice-countdown" className="font-mono text-xl font-semibold tabular-nums">
            {formatCountdown(remaining)}
          </span>
        </p>
      )}
      <p aria-live="polite" className="sr-only" data-testid="invoice-countdown-announcement">
        {shown ? countdownMilestone(remaining) : ""}
      </p>
    </div>
  );
}

/**
 * Where the invoice stands, in plain words with what happens next. A polite live region: it
 * changes only when the status does (a payment seen, a confirmation, credited, expired). Its
 * minimum height keeps the figures below from jumping as the text changes.
 */
function InvoiceStatus({ deposit, receivedSats, askedSats }: { deposit: Invoice; receivedSats: bigint; askedSats: bigint }) {
  const received = satsToBtc(receivedSats);
  const confirmations = deposit.confirmations ?? 0;
  const required = deposit.requiredConfirmations;
  let title: string;
  let body: ReactNode;
  let tone = "border-brand-600/20 bg-brand-50 text-brand-900";
  let action: ReactNode = null;

  if (deposit.status === "new") {
    title = "Waiting for your payment";
    body = `Send exactly ${deposit.amountBtc} BTC to the address below before the countdown ends. This page updates by itself when the payment is seen.`;
  } else if (deposit.status === "processing" && receivedSats < askedSats) {
    title = "Part of the payment has arrived";
    body = `We have seen ${received} of ${deposit.amountBtc} BTC. Send the remaining ${satsToBtc(askedSats - receivedSats)} BTC before the countdown ends; otherwise our team reviews what arrived.`;
  } else if (deposit.status === "processing") {
    title = `Payment seen: ${confirmations} of ${required} ${required === 1 ? "confirmation" : "confirmations"}`;
    body = `We have seen ${received} BTC. Your Main Balance is credited automatically once the payment has ${required} ${required === 1 ? "confirmation" : "confirmations"}; you can leave this page.`;
  } else if (deposit.status === "settled") {
    tone = "border-success-700/30 bg-success-50 text-success-700";
    title = "Credited to your Main Balance";
    const credited = deposit.receivedCents ?? deposit.amountCents;
    body =
      deposit.exception === "paid_over"
        ? `You sent ${received} BTC, more than asked: all of it was credited, ${formatCents(credited)} at the locked rate.`
        : deposit.exception
          ? `Our team reviewed the payment and credited ${formatCents(credited)}.${deposit.creditNote ? ` ${deposit.creditNote}` : ""}`
          : `${formatCents(credited)} was credited for the ${received} BTC you sent.`;
  } else if (deposit.status === "expired" && deposit.exception === "paid_partial") {
    tone = "border-amber-700/30 bg-amber-50 text-amber-800";
    title = "Less than the amount arrived in time";
    body = `${received} of ${deposit.amountBtc} BTC arrived before the invoice expired. Nothing is credited yet: our team reviews the payment and credits what arrived. You will get a notification; you do not need to do anything.`;
  } else if (deposit.status === "expired" && deposit.exception === "paid_late") {
    tone = "border-amber-700/30 bg-amber-50 text-amber-800";
    title = "Your payment arrived after the invoice expired";
    body = `We have seen ${received} BTC, but after the locked rate ran out. Nothing is credited yet: our team reviews it and credits what arrived, at the locked rate or the current one. You will get a notification; you do not need to do anything.`;
  } else if (deposit.status === "expired") {
    tone = "border-slate-300 bg-slate-50 text-slate-800";
    title = "This invoice expired with nothing received";
    body = "Do not send bitcoin to this address any more: a late payment waits for our team. Make a new invoice to pay at the current rate.";
    action = (
      <LinkButton to={newInvoiceLink(deposit)} className="mt-3 self-start">
        New invoice at the current rate
      </LinkButton>
    );
  } else {
    tone = "border-danger-600/30 bg-danger-50 text-danger-600";
    title = "Our team marked this invoice invalid";
    body =
      (deposit.rejectReason ? `Nothing was credited. Reason: ${deposit.rejectReason}` : "Nothing was credited. Contact us if you have questions.") +
      (deposit.refundTxId ? ` The refund was sent in transaction ${deposit.refundTxId}.` : "");
  }

  return (
    <div className={`flex min-h-36 flex-col rounded-lg border px-4 py-3 sm:min-h-28 ${tone}`} data-testid="invoice-status">
      <div role="status" aria-live="polite" aria-atomic="true">
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="mt-1 text-sm break-words">{body}</p>
      </div>
      {action}
    </div>
  );
}

/**
 * /dashboard/transfer/crypto/:id: the invoice read from the server (so it survives a reload),
 * read again every few seconds while open. Credited: the balances and lists are refreshed.
 */
export function CryptoInvoicePanel({ id }: { id: string }) {
  const query = useDeposit(id);
  const client = useQueryClient();
  const status = query.data?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (status === "settled" && seen.current !== undefined && seen.current !== "settled") void invalidateAccount(client);
    seen.current = status;
  }, [status, client]);

  return (
    <Loaded query={query} loading="Loading the invoice..." failed="This invoice could not be loaded. Reload the page to try again.">
      {(deposit) =>
        isInvoice(deposit) ? (
          <>
            {query.isError && <Alert tone="error">The status could not be refreshed; it is tried again in a few seconds.</Alert>}
            <CryptoInvoice deposit={deposit} />
          </>
        ) : (
          <Alert tone="info">
            This deposit is not an invoice: it waits for our team to confirm it. See it in your deposits on the <Link to="/dashboard" className="underline">dashboard</Link>.
          </Alert>
        )
      }
    </Loaded>
  );
}
