import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { formatCents } from "#shared/money.js";
import type { CreateTransferInput, PayoutDto, PayoutStatus, TransferDto } from "#shared/schemas/payouts.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { Alert } from "#web/components/ui/alert.js";
import { Badge } from "#web/components/ui/badge.js";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { focusField } from "#web/lib/focus-field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useSession } from "#web/lib/session.js";
import { useSummary } from "#web/lib/account-summary.js";
import { useCreatePayout, useMyPayouts } from "../api/payouts.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import { PayoutStatusBadge } from "./payout-status-badge.js";
import {
  CANCELLED,
  CONFIRMED,
  FILL_ALL_FIELDS,
  isEmailRecipient,
  planSendMoney,
  type SendMoneyErrors,
  type SendMoneyField,
  type SendMoneyInput,
} from "../send-money.js";

const EMPTY: SendMoneyInput = { recipient: "", amount: "", walletAddress: "", twoFactorCode: "" };
const FIELD_ORDER: SendMoneyField[] = ["recipient", "amount", "walletAddress", "twoFactorCode"];
const FAILED = "The transaction could not be completed. Please try again.";
/** The API's field names → this form's. A payout's address is what the user typed as Recipient. */
const SERVER_FIELDS = { amountCents: "amount", walletAddress: "recipient", toEmail: "recipient", twoFactorCode: "twoFactorCode" };

type Done = { kind: "payout"; payout: PayoutDto } | { kind: "transfer"; transfer: TransferDto; toEmail: string };

function SummaryRow({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={mono ? "font-mono text-sm break-all text-slate-900" : "text-sm break-words text-slate-900"}>{children}</dd>
    </div>
  );
}

/** What the payout's current status means for the user, under the summary. */
const PAYOUT_NOTE: Record<PayoutStatus, string> = {
  requested: "Your payout is waiting to be sent. The amount is held from your Main Balance until then; you will be notified when it is paid.",
  paid: "Your payout has been sent.",
  rejected: "Your payout was not sent; the amount is back in your Main Balance.",
  cancelled: "You cancelled this payout; the amount is back in your Main Balance.",
};

/**
 * The reference's "Transaction summary", filled from what the server recorded. A payout's status
 * is read from the payouts list, so the summary follows a cancellation or an operator's decision.
 */
function TransactionSummary({ done }: { done: Done }) {
  const payouts = useMyPayouts();
  const isPayout = done.kind === "payout";
  const status: PayoutStatus | null = isPayout ? (payouts.data?.payouts.find((row) => row.id === done.payout.id)?.status ?? done.payout.status) : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold">{CONFIRMED}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <SummaryRow label="Recipient" mono={isPayout}>
          {isPayout ? done.payout.walletAddress : `${done.transfer.toName} (${done.toEmail})`}
        </SummaryRow>
        <SummaryRow label="Amount">{formatCents(isPayout ? done.payout.amountCents : done.transfer.amountCents)}</SummaryRow>
        <SummaryRow label="Status">{status ? <PayoutStatusBadge status={status} /> : <Badge tone="success">Completed</Badge>}</SummaryRow>
        <SummaryRow label="Transaction ID" mono>
          {isPayout ? done.payout.id : done.transfer.id}
        </SummaryRow>
      </dl>
      <p className="text-sm">{done.kind === "payout" ? PAYOUT_NOTE[status ?? done.payout.status] : `The money is in ${done.transfer.toName}'s Main Balance now.`}</p>
    </div>
  );
}

/**
 * "Transaction Details": an e-mail as Recipient sends money to that user at once; a bitcoin
 * address as Recipient (typed again under Wallet address) asks for a payout, held until an
 * operator sends it.
 */
/**
 * How the form sends a transfer to another user. The route passes the transfers feature's mutation,
 * so this feature (payouts) never imports another one.
 */
export interface TransferSender {
  mutateAsync(variables: { input: CreateTransferInput; idempotencyKey: string }): Promise<TransferDto>;
  isPending: boolean;
}

export function SendMoneyForm({ transfer }: { transfer: TransferSender }) {
  const summary = useSummary();
  const twoFactor = useSession().user?.twoFactorEnabled === true;
  const payout = useCreatePayout();
  const idempotency = useIdempotencyKey();
  const headingId = useId();
  const [form, setForm] = useState<SendMoneyInput>(EMPTY);
  const [errors, setErrors] = useState<SendMoneyErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const recipientRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const walletRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const pending = payout.isPending || transfer.isPending;
  const toEmail = isEmailRecipient(form.recipient.trim());

  // The form empties on success; the summary takes focus so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (done) outcome.current?.focus();
  }, [done]);

  const edit = (field: SendMoneyField) => (event: ChangeEvent<HTMLInputElement>) => setForm((old) => ({ ...old, [field]: event.target.value }));

  const showErrors = (next: SendMoneyErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    const inputs = { recipient: recipientRef, amount: amountRef, walletAddress: walletRef, twoFactorCode: codeRef };
    if (first) focusField(inputs[first].current);
  };

  const cancel = () => {
    setForm(EMPTY);
    setErrors({});
    setNotice(null);
    setDone(null);
    idempotency.done();
    window.alert(CANCELLED);
    recipientRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setNotice(null);
    setRefusal(null);
    setDone(null);
    const plan = planSendMoney(form, { twoFactor });
    if (!plan.ok) {
      if (plan.missing) window.alert(FILL_ALL_FIELDS);
      showErrors(plan.errors);
      return;
    }
    setErrors({});
    try {
      // Not the code: a retry after a lost answer must be the same payout, not a second one with a new code.
      const idempotencyKey = idempotency.keyFor({ kind: plan.kind, input: { ...plan.input, twoFactorCode: undefined } });
      const result: Done =
        plan.kind === "payout"
          ? { kind: "payout", payout: await payout.mutateAsync({ input: plan.input, idempotencyKey }) }
          : { kind: "transfer", transfer: await transfer.mutateAsync({ input: plan.input, idempotencyKey }), toEmail: plan.input.toEmail };
      idempotency.done();
      setForm(EMPTY);
      setDone(result);
      window.alert(CONFIRMED);
    } catch (error) {
      // The key is kept: pressing Confirm again with the same details is a retry, not a second transaction.
      const failure = moneyOutFailure(error, SERVER_FIELDS, FAILED);
      setRefusal(error);
      setNotice(failure.message || null);
      showErrors(failure.fields);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        Transaction Details
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Send money to another user by their e-mail address, or withdraw to a bitcoin wallet by entering its address as the recipient and again under Wallet address.
      </p>
      {summary.data && (
        <p className="mt-2 text-sm text-slate-700" data-testid="available-to-send">
          Available in your Main Balance: <strong className="text-slate-900">{formatCents(summary.data.mainBalanceCents)}</strong>
        </p>
      )}
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="mt-5 flex flex-col gap-5">
        <Field
          ref={recipientRef}
          label="Recipient (email or wallet address)"
          name="recipient"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={form.recipient}
          onChange={edit("recipient")}
          error={errors.recipient}
        />
        <Field
          ref={amountRef}
          label="Amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          required
          value={form.amount}
          onChange={edit("amount")}
          error={errors.amount}
          hint="In US dollars, from your Main Balance."
        />
        <Field
          ref={walletRef}
          label="Wallet address"
          name="walletAddress"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required={!toEmail}
          className="[&_input]:font-mono"
          value={form.walletAddress}
          onChange={edit("walletAddress")}
          error={errors.walletAddress}
          hint={
            toEmail
              ? "Not needed when the recipient is an e-mail address; it is ignored."
              : "Type the bitcoin address again to confirm it. Payouts are held until we send them."
          }
        />
        {twoFactor && !toEmail && (
          <Field
            ref={codeRef}
            label="Authentication code"
            name="twoFactorCode"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            className="sm:max-w-sm [&_input]:max-w-56 [&_input]:font-mono [&_input]:tracking-widest"
            value={form.twoFactorCode}
            onChange={edit("twoFactorCode")}
            error={errors.twoFactorCode}
            hint="The current 6-digit code from your authenticator app. Each code works once."
          />
        )}
        {notice && <Alert tone="error">{notice}</Alert>}
        <AccountRefusalNotice error={refusal} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={cancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Processing..." : "Confirm Transaction"}
          </Button>
        </div>
      </form>
      <div ref={outcome} tabIndex={-1} role="status" className="mt-5 rounded-lg border border-success-700/30 bg-success-50 px-4 py-3 text-success-700 outline-none empty:hidden" data-testid="transaction-outcome">
        {done && <TransactionSummary done={done} />}
      </div>
    </section>
  );
}
