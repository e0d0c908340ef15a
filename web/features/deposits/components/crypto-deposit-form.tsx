import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { formatCents } from "#shared/money.js";
import { COINS, createDepositSchema, type Coin, type DepositDto } from "#shared/schemas/deposits.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { AmountField } from "#web/components/ui/amount-field.js";
import { SelectField } from "#web/components/ui/select-field.js";
import { VerbatimField } from "#web/components/ui/verbatim-field.js";
import { focusField } from "#web/lib/focus-field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useSession } from "#web/lib/session.js";
import { isInvoice, useCreateDeposit, useDepositOptions } from "../api/deposits.js";
import { checkAmount, EMPTY_AMOUNT_MESSAGE } from "#web/lib/amount.js";
import { NOT_AUTHENTICATED } from "#web/lib/request-errors.js";
import { depositFailure } from "../deposit-errors.js";
import { CryptoAddressPanel } from "./crypto-address-panel.js";
import { DepositThanksDialog } from "./deposit-thanks-dialog.js";

type Errors = Partial<Record<"amount" | "coin" | "txId", string>>;

const BAD_NUMBER = "Enter the amount in dollars, for example 250 or 250.50.";

/**
 * "I've Sent the Funds" for crypto: records a pending deposit; nothing is credited until an admin
 * confirms it. In automatic mode the server answers with an invoice instead, and the investor is
 * taken to its page (`/dashboard/transfer/crypto/:id`). `initialAmount` prefills the dollars
 * ("New invoice at the current rate" from an expired invoice).
 */
export function CryptoDepositForm({ initialAmount = "" }: { initialAmount?: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const options = useDepositOptions();
  const create = useCreateDeposit();
  const idempotency = useIdempotencyKey();
  const amountRef = useRef<HTMLInputElement>(null);

  const [amount, setAmount] = useState(initialAmount);
  // Automatic mode (invoices): amount first, then the invoice page says what to send; no address or claim here.
  const automatic = options.data?.cryptoInvoices === true;
  // A number input reports "" for text it cannot read ("1..2"); remember that so we do not say "empty".
  const [amountUnreadable, setAmountUnreadable] = useState(false);
  // Back from an expired invoice (amount given): Bitcoin, the only coin, is chosen again too.
  const [coin, setCoin] = useState<Coin | "">(initialAmount ? "BTC" : "");
  const [txId, setTxId] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<DepositDto | null>(null);

  const onAmount = (event: ChangeEvent<HTMLInputElement>) => {
    setAmount(event.target.value);
    setAmountUnreadable(event.target.validity.badInput);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setNotice(null);
    if (!user) {
      setNotice(NOT_AUTHENTICATED);
      return;
    }
    if (amount.trim() === "" && !amountUnreadable) {
      setErrors({ amount: EMPTY_AMOUNT_MESSAGE });
      focusField(amountRef.current);
      return;
    }
    const checked = amountUnreadable ? ({ ok: false, message: BAD_NUMBER } as const) : checkAmount(amount, options.data);
    if (!checked.ok) {
      setErrors({ amount: checked.message });
      focusField(amountRef.current);
      return;
    }
    if (!coin) return setErrors({ coin: "Choose a coin." });
    const parsed = createDepositSchema.safeParse({ method: "crypto", amountCents: checked.cents, coin, txId: txId.trim() || undefined });
    if (!parsed.success) {
      const txIssue = parsed.error.issues.find((issue) => issue.path[0] === "txId");
      return setErrors(txIssue ? { txId: txIssue.message } : { amount: parsed.error.issues[0]?.message });
    }
    setErrors({});
    try {
      const deposit = await create.mutateAsync({ input: parsed.data, idempotencyKey: idempotency.keyFor(parsed.data) });
      idempotency.done();
      if (isInvoice(deposit)) return void navigate(`/dashboard/transfer/crypto/${encodeURIComponent(deposit.id)}`);
      setAmount("");
      setTxId("");
      setDone(deposit);
    } catch (error) {
      // The key is kept: pressing the button again with the same details is a retry, not a second deposit.
      const failure = depositFailure(error);
      setErrors(failure.fields);
      // Said on the page, next to the button, where the reference site used alert().
      setNotice(failure.message || null);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Transfer with Crypto" className="flex flex-col gap-5 rounded-card border border-slate-200 bg-white p-5 sm:p-6">
      {options.isError && <Alert tone="info">Deposit limits could not be loaded; the amount is checked when you send.</Alert>}
      <AmountField
        ref={amountRef}
        type="number"
        min="0"
        step="0.01"
        placeholder="0.0"
        value={amount}
        onChange={onAmount}
        error={errors.amount}
        hint={options.data ? `In US dollars, from ${formatCents(options.data.minCents)} to ${formatCents(options.data.maxCents)}.` : "In US dollars."}
      />
      <SelectField label="Select Coin" name="coin" value={coin} error={errors.coin} onChange={(event) => setCoin(event.target.value as Coin | "")}>
        <option value="">-- Choose Wallet --</option>
        {COINS.map((value) => (
          <option key={value} value={value}>
            {value === "BTC" ? "Bitcoin" : value}
          </option>
        ))}
      </SelectField>
      {coin && automatic && (
        <>
          <p className="text-sm text-slate-700">
            Next you get an invoice: the amount in bitcoin at a rate locked for a few minutes, the address and a QR code. It is credited automatically once
            the payment is confirmed.
          </p>
          {notice && <Alert tone="error">{notice}</Alert>}
          <AccountRefusalNotice error={create.error} />
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:self-start">
            {create.isPending ? "Processing..." : "Create invoice"}
          </Button>
        </>
      )}
      {coin && !automatic && (
        <>
          <CryptoAddressPanel coin={coin} />
          <VerbatimField
            label="Transaction ID (optional)"
            name="txId"
            value={txId}
            onChange={(event) => setTxId(event.target.value)}
            error={errors.txId}
            hint="The transaction hash from your wallet, if you have it. It helps us find your transfer."
          />
          {notice && <Alert tone="error">{notice}</Alert>}
          <AccountRefusalNotice error={create.error} />
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:self-start">
            {create.isPending ? "Processing..." : "I've Sent the Funds"}
          </Button>
        </>
      )}
      {!coin && notice && <Alert tone="error">{notice}</Alert>}
      {done && <DepositThanksDialog deposit={done} onClose={() => setDone(null)} returnFocusTo={amountRef} />}
    </form>
  );
}
