import { useId, useState, type FormEvent } from "react";
import { formatCents, formatDecimalUsd } from "#shared/money.js";
import { rejectDepositSchema, type AdminDepositDto, type InvoiceCreditRate } from "#shared/schemas/deposits.js";
import { RejectWithReason } from "#web/components/admin/reject-with-reason.js";
import { SENT_FOR_APPROVAL } from "#web/components/admin/sent-for-approval.js";
import { useDecision } from "#web/components/admin/use-decision.js";
import { Button } from "#web/components/ui/button.js";
import { cn } from "#web/lib/cn.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecideDeposit, useInvoiceCreditOptions } from "../api/admin-deposits.js";
import { EXCEPTION_LABELS } from "../labels.js";

/**
 * An expired invoice's decision: "Credit what arrived" at the locked rate or, for a late
 * payment, the current one, each with the dollars it makes, as the server would credit them now;
 * or "Mark invalid" with a reason the investor reads and, once sent outside Termvest, the refund's
 * transaction id. More than the invoice asked waits for a second admin.
 */
export function AdminInvoiceDecision({ deposit, onOutcome }: { deposit: AdminDepositDto; onOutcome: (outcome: Outcome) => void }) {
  const options = useInvoiceCreditOptions(deposit.id);
  const decide = useDecideDeposit();
  const [rate, setRate] = useState<InvoiceCreditRate>("locked");
  const [error, setError] = useState<string>();
  const name = useId();
  const who = deposit.user.name || deposit.user.email;
  const credit = useDecision<{ rate: InvoiceCreditRate }>(
    {
      fallback: "The invoice could not be credited. Try again.",
      send: async (body, idempotencyKey) => {
        const done = await decide.mutateAsync({ kind: "confirm", id: deposit.id, rate: body.rate, idempotencyKey });
        if ("pendingApproval" in done) return `${SENT_FOR_APPROVAL} ${done.pendingApproval.summary}`;
        return `Credited ${done.reference}: ${formatCents(done.receivedCents ?? 0)} to ${who}, at ${done.creditedRateUsd ? formatDecimalUsd(done.creditedRateUsd) : "?"} per bitcoin.`;
      },
    },
    ["rate"],
    onOutcome,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (credit.pending) return;
    const refusal = await credit.decide({ rate });
    setError(refusal ? (refusal.fields.rate ?? refusal.message) : undefined);
  };

  const figures = options.data;
  const choices = figures
    ? ([
        { key: "locked", label: `At the locked rate: ${formatCents(figures.locked.cents)}`, sentence: `${formatDecimalUsd(figures.locked.rateUsd)} per bitcoin, the rate the investor was shown.`, option: figures.locked },
        {
          key: "current",
          label: figures.current ? `At the current rate: ${formatCents(figures.current.cents)}` : "At the current rate",
          sentence: figures.current ? `${formatDecimalUsd(figures.current.rateUsd)} per bitcoin now; the rate is fixed when you credit it.` : (figures.currentUnavailable ?? ""),
          option: figures.current,
        },
      ] as const)
    : [];

  return (
    <div className="flex flex-col gap-4" data-testid="invoice-decision">
      <p className="text-sm text-slate-700">
        {deposit.exception ? `${EXCEPTION_LABELS[deposit.exception]}: ` : "Nothing arrived: "}
        {deposit.receivedBtc} of {deposit.amountBtc} BTC asked for {formatCents(deposit.amountCents)}, at {deposit.rateUsd ? formatDecimalUsd(deposit.rateUsd) : "?"} per bitcoin.
      </p>
      {deposit.paymentTxIds && deposit.paymentTxIds.length > 0 && (
        <div className="text-sm text-slate-700">
          <p>Paid in {deposit.paymentTxIds.length === 1 ? "transaction" : "transactions"}:</p>
          <ul className="font-mono text-xs break-all text-slate-900">
            {deposit.paymentTxIds.map((txId) => (
              <li key={txId}>{txId}</li>
            ))}
          </ul>
        </div>
      )}
      {deposit.receivedBtc !== "0.00000000" && (
        <form onSubmit={submit} noValidate aria-label={`Credit what arrived on ${deposit.reference}`} className="flex flex-col gap-3">
          {options.isPending && <p className="text-sm text-slate-600">Working out what arrived is worth…</p>}
          {options.isError && (
            <p role="alert" className="text-sm text-danger-600">
              {options.error.message}
            </p>
          )}
          {figures && (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">Credit {figures.receivedBtc} BTC</legend>
              <div className="grid gap-2 lg:grid-cols-2">
                {choices.map(({ key, label, sentence, option }) => (
                  <label
                    key={key}
                    className={cn(
                      "flex min-h-11 gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
                      !option ? "cursor-not-allowed border-slate-200 bg-slate-50" : rate === key ? "cursor-pointer border-brand-700 bg-brand-50" : "cursor-pointer border-slate-300 bg-white",
                    )}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={key}
                      checked={rate === key}
                      disabled={!option}
                      onChange={() => setRate(key)}
                      aria-labelledby={`${name}-${key}`}
                      aria-describedby={`${name}-${key}-sentence`}
                      className="mt-1 size-4 shrink-0 accent-brand-700"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span id={`${name}-${key}`} className="text-sm font-semibold text-slate-900">
                        {label}
                      </span>
                      <span id={`${name}-${key}-sentence`} className="text-xs text-slate-600">
                        {sentence}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {error && (
            <p role="alert" className="text-sm text-danger-600">
              {error}
            </p>
          )}
          <Button type="submit" disabled={credit.pending || !figures} className="self-start">
            {credit.pending ? "Crediting..." : "Credit what arrived"}
          </Button>
        </form>
      )}
      <RejectWithReason
        onOutcome={onOutcome}
        step={{
          label: `Mark ${deposit.reference} invalid`,
          openLabel: "Mark invalid",
          reasonLabel: "Why it is invalid",
          hint: "The investor sees this reason; nothing is credited. Send any refund outside Termvest, then record its transaction id here.",
          submitLabel: "Mark invalid",
          schema: rejectDepositSchema,
          extraFields: [{ name: "refundTxId", label: "Refund transaction ID", hint: "Optional: the blockchain's id of the refund you sent.", mono: true, spellCheck: false }],
          fallback: "The invoice could not be marked invalid. Try again.",
          send: async ({ reason, refundTxId }, idempotencyKey) => {
            const done = await decide.mutateAsync({ kind: "reject", id: deposit.id, reason, refundTxId, idempotencyKey });
            if ("pendingApproval" in done) return `${SENT_FOR_APPROVAL} ${done.pendingApproval.summary}`;
            return `Marked ${done.reference} from ${who} invalid. Reason: ${reason}`;
          },
        }}
      />
    </div>
  );
}
