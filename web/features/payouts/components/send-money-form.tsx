import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { formatCents } from "#shared/money.js";
import type { CreateTransferInput, TransferDto, TransferPreviewDto, TransferPreviewInput } from "#shared/schemas/transfers.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { AmountField } from "#web/components/ui/amount-field.js";
import { OtherUserEmailField } from "#web/components/ui/email-fields.js";
import { focusField } from "#web/lib/focus-field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { ApiError } from "#web/lib/api.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import { useSession } from "#web/lib/session.js";
import { useSummary } from "#web/lib/account-summary.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { readPayoutQuote, useCreatePayout, usePreviewPayout } from "../api/payouts.js";
import { CANCELLED, EMPTY_SEND_MONEY, FILL_ALL_FIELDS, planSendMoney, type SendMoneyErrors, type SendMoneyField, type SendMoneyInput, type SendMoneyKind } from "../send-money.js";
import { PayoutAddressField, usableAddresses, type PayoutAddresses } from "./payout-address-field.js";
import { SendMoneyKindChoice } from "./send-money-kind.js";
import { SendMoneyReview, type ReviewedMoney, type ReviewProblem } from "./send-money-review.js";
import { TransactionSummary, type SentMoney } from "./transaction-summary.js";

const FIELD_ORDER: SendMoneyField[] = ["toEmail", "recipient", "amount"];
const FAILED = "The transaction could not be completed. Please try again.";
const SHORT_FOR_TRANSFER = "Your available balance is not enough for this transfer.";
const SHORT_FOR_PAYOUT = "Your available balance is not enough for this payout.";
/**
 * The same key with another body: an earlier try of this review reached the server with another
 * authenticator code, so it may have gone through. Sending it again could pay twice.
 */
const MAYBE_SENT = "This transaction may already have gone through. Check Your payouts and your history before you send it again.";
/** The API's field names → this form's. A payout's address is what the user picked as Recipient (ADDRESS_NOT_ALLOWED names it too). */
const SERVER_FIELDS = { amountCents: "amount", walletAddress: "recipient", toEmail: "toEmail", twoFactorCode: "twoFactorCode" };

/**
 * How the form reviews and sends a transfer to another user. The route passes the transfers
 * feature's calls, so this feature (payouts) never imports another one.
 */
export interface TransferSender {
  preview(input: TransferPreviewInput): Promise<TransferPreviewDto>;
  send(variables: { input: CreateTransferInput; idempotencyKey: string }): Promise<TransferDto>;
  previewing: boolean;
  sending: boolean;
}

type Notice = { tone: "error" | "info"; text: string } | null;

/**
 * "Transaction Details": send money to another user (at once) or withdraw to one of the investor's
 * withdrawal addresses (held until an operator sends it). "Confirm Transaction" opens a review;
 * only its "Confirm and send" moves money, with one Idempotency-Key per reviewed transaction, kept
 * across retries. The route passes the transfers feature's calls and the withdrawal addresses.
 */
export function SendMoneyForm({ transfer, addresses }: { transfer: TransferSender; addresses: PayoutAddresses }) {
  const summary = useSummary();
  const twoFactor = useSession().user?.twoFactorEnabled === true;
  const inBitcoin = useBootstrap().site.payouts.inBitcoin;
  const payout = useCreatePayout();
  const payoutPreview = usePreviewPayout();
  const idempotency = useIdempotencyKey();
  const headingId = useId();
  const [form, setForm] = useState<SendMoneyInput>(EMPTY_SEND_MONEY);
  const [errors, setErrors] = useState<SendMoneyErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [review, setReview] = useState<ReviewedMoney | null>(null);
  const [problem, setProblem] = useState<ReviewProblem>({});
  const [sent, setSent] = useState<SentMoney | null>(null);
  /** A field to focus once the review has closed (and handed focus back to the button). */
  const [focusRequest, setFocusRequest] = useState<{ field: SendMoneyField } | null>(null);
  const toEmailRef = useRef<HTMLInputElement>(null);
  const recipientRef = useRef<HTMLSelectElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  /** Set before the request starts, so a second click in the same instant sends nothing. */
  const inFlight = useRef(false);
  const sending = payout.isPending || transfer.sending;
  const busy = sending || transfer.previewing || payoutPreview.isPending;

  // The form empties on success; the summary takes focus so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (sent) outcome.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (!focusRequest) return;
    const inputs = { toEmail: toEmailRef, recipient: recipientRef, amount: amountRef };
    focusField(inputs[focusRequest.field].current);
  }, [focusRequest]);

  const edit = (field: keyof SendMoneyInput) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((old) => ({ ...old, [field]: event.target.value }));
  /** What each input takes from the form: its name, value, change and error. */
  const bind = (field: SendMoneyField) => ({ name: field, value: form[field], onChange: edit(field), error: errors[field] });

  const showErrors = (next: SendMoneyErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) setFocusRequest({ field: first });
  };

  const chooseKind = (kind: SendMoneyKind) => {
    setForm((old) => ({ ...old, kind }));
    setErrors({});
    setNotice(null);
    setRefusal(null);
  };

  const cancel = () => {
    setForm((old) => ({ ...EMPTY_SEND_MONEY, kind: old.kind }));
    setErrors({});
    setRefusal(null);
    setSent(null);
    idempotency.done();
    setNotice({ tone: "info", text: CANCELLED });
  };

  /**
   * "Confirm Transaction": check the form, then ask the server whether it would take it (who a
   * transfer reaches, whether the balance and the limits allow it), and only then show the review:
   * a refusal belongs on the form, before anyone is asked for a code.
   */
  const openReview = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    setRefusal(null);
    setSent(null);
    const plan = planSendMoney(form);
    if (!plan.ok) {
      if (plan.missing) setNotice({ tone: "error", text: FILL_ALL_FIELDS });
      showErrors(plan.errors);
      return;
    }
    setErrors({});
    setProblem({});
    try {
      if (plan.kind === "payout") {
        const { amountCents, walletAddress } = plan.input;
        // Automatic crypto mode: the estimate is asked beside the check, so the review opens with it.
        const [, quote] = await Promise.all([payoutPreview.mutateAsync({ amountCents, walletAddress }), inBitcoin ? readPayoutQuote(amountCents) : undefined]);
        return setReview({ kind: "payout", input: plan.input, quote });
      }
      const preview = await transfer.preview({ toEmail: plan.input.toEmail, amountCents: plan.input.amountCents });
      if (!preview.withinBalance) return showErrors({ amount: SHORT_FOR_TRANSFER });
      setReview({ kind: "transfer", input: plan.input, toName: preview.toName });
    } catch (error) {
      if (error instanceof ApiError && error.code === "INSUFFICIENT_FUNDS") return showErrors({ amount: SHORT_FOR_PAYOUT });
      const failure = moneyOutFailure(error, SERVER_FIELDS, FAILED);
      setRefusal(error);
      if (failure.message) setNotice({ tone: "error", text: failure.message });
      showErrors(failure.fields);
    }
  };

  /** "Confirm and send": the only place money moves. */
  const confirm = async (twoFactorCode: string | undefined) => {
    if (!review || inFlight.current) return;
    inFlight.current = true;
    setProblem({});
    // Not the code: a retry of the same review is the same transaction, whatever code it carries.
    const idempotencyKey = idempotency.keyFor({ kind: review.kind, input: review.input });
    try {
      const result: SentMoney =
        review.kind === "payout"
          ? { kind: "payout", payout: await payout.mutateAsync({ input: { ...review.input, twoFactorCode }, idempotencyKey }) }
          : { kind: "transfer", transfer: await transfer.send({ input: { ...review.input, twoFactorCode }, idempotencyKey }), toEmail: review.input.toEmail };
      idempotency.done();
      setReview(null);
      setForm((old) => ({ ...EMPTY_SEND_MONEY, kind: old.kind }));
      setSent(result);
    } catch (error) {
      // The key is kept: pressing "Confirm and send" again is a retry, recorded once.
      const failure = moneyOutFailure(error, SERVER_FIELDS, FAILED);
      const { twoFactorCode: codeError, ...formFields } = failure.fields;
      if (error instanceof ApiError && error.code === "IDEMPOTENCY_KEY_REUSED") {
        setProblem({ message: MAYBE_SENT });
      } else if (Object.keys(formFields).length > 0) {
        // Something on the form itself (a limit on the amount, the recipient): back to it.
        setReview(null);
        showErrors(formFields);
      } else {
        setProblem({ message: failure.message || undefined, twoFactorCode: codeError, refusal: error });
      }
    } finally {
      inFlight.current = false;
    }
  };

  const transferKind = form.kind === "transfer";
  // Nothing to withdraw to: the field says why and where to add one, and the form cannot be sent.
  const noAddress = !transferKind && usableAddresses(addresses).length === 0;
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        Transaction Details
      </h2>
      <p className="mt-1 text-sm text-slate-700">Send money to another Termvest user, or withdraw to your bitcoin wallet. You review it before anything is sent.</p>
      {summary.data && (
        <p className="mt-2 text-sm text-slate-700" data-testid="available-to-send">
          Available in your Main Balance: <strong className="text-slate-900">{formatCents(summary.data.mainBalanceCents)}</strong>
        </p>
      )}
      <form onSubmit={openReview} noValidate aria-labelledby={headingId} className="mt-5 flex flex-col gap-5">
        <SendMoneyKindChoice kind={form.kind} onChange={chooseKind} disabled={busy} />
        {transferKind ? (
          <OtherUserEmailField
            ref={toEmailRef}
            label="Recipient (email)"
            {...bind("toEmail")}
            hint="The e-mail address of their Termvest account. You will see their name before you send."
          />
        ) : (
          <PayoutAddressField ref={recipientRef} addresses={addresses} {...bind("recipient")} />
        )}
        <AmountField ref={amountRef} required {...bind("amount")} hint="In US dollars, from your Main Balance." />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <AccountRefusalNotice error={refusal} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button ref={confirmRef} type="submit" disabled={busy || noAddress}>
            {transfer.previewing ? "Processing..." : "Confirm Transaction"}
          </Button>
        </div>
      </form>
      <div ref={outcome} tabIndex={-1} role="status" className="mt-5 rounded-lg border border-success-700/30 bg-success-50 px-4 py-3 text-success-700 outline-none empty:hidden" data-testid="transaction-outcome">
        {sent && <TransactionSummary sent={sent} />}
      </div>
      {review && (
        <SendMoneyReview
          review={review}
          askCode={twoFactor}
          sending={sending}
          problem={problem}
          onConfirm={(code) => void confirm(code)}
          onBack={() => setReview(null)}
          returnFocusTo={confirmRef}
        />
      )}
    </section>
  );
}

