import { TriangleAlert } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { formatUsd } from "#shared/money.js";
import { createDepositSchema, type BankKey, type DepositDto } from "#shared/schemas/deposits.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { AmountField } from "#web/components/ui/amount-field.js";
import { SelectField } from "#web/components/ui/select-field.js";
import { Loading } from "#web/components/ui/spinner.js";
import { focusField } from "#web/lib/focus-field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useBankReference, useCreateDeposit, useDepositOptions } from "../api/deposits.js";
import { checkAmount } from "#web/lib/amount.js";
import { depositFailure } from "../deposit-errors.js";
import { BankDepositDone } from "./bank-deposit-done.js";
import { BankDetails } from "./bank-details.js";

/**
 * A bank deposit: the account and the reference to quote come first, then "I've Sent The Funds"
 * records a pending deposit under that reference (docs/product.md, "The money model").
 */
export function BankDepositForm() {
  const options = useDepositOptions();
  const reference = useBankReference();
  const create = useCreateDeposit();
  const idempotency = useIdempotencyKey();
  const amountRef = useRef<HTMLInputElement>(null);
  const [bankKey, setBankKey] = useState<BankKey | "">("");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<Partial<Record<"bank" | "amount", string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<DepositDto | null>(null);

  if (options.isPending || reference.isPending) return <Loading />;
  // Without its reference a transfer cannot be matched, so the bank details are not shown alone.
  if (options.isError || reference.isError) return <Alert tone="error">Bank details could not be loaded. Reload the page to try again.</Alert>;
  if (done) return <BankDepositDone deposit={done} onAnother={() => setDone(null)} />;

  const bank = options.data.banks.find((candidate) => candidate.key === bankKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    if (!bank) return setErrors({ bank: "Choose the bank you paid into." });
    const checked = checkAmount(amount, options.data);
    if (!checked.ok) {
      setErrors({ amount: checked.message });
      focusField(amountRef.current);
      return;
    }
    const parsed = createDepositSchema.safeParse({ method: "bank", amountCents: checked.cents, bank: bank.key, reference: reference.data.reference });
    if (!parsed.success) return setErrors({ amount: parsed.error.issues[0]?.message });
    setErrors({});
    try {
      const deposit = await create.mutateAsync({ input: parsed.data, idempotencyKey: idempotency.keyFor(parsed.data) });
      idempotency.done();
      setAmount("");
      setDone(deposit);
    } catch (error) {
      const { message, fields } = depositFailure(error);
      setErrors({ amount: fields.amount, bank: fields.bank });
      // A reference refused (used in another tab, say) is not a field the user can edit: say it above the button.
      setFailure(fields.reference ?? (message || null));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Bank transfer" className="flex flex-col gap-5 rounded-card border border-slate-200 bg-white p-5 sm:p-6">
      {options.data.banksExample && <ExampleAccountsWarning />}
      <SelectField label="Select Bank" name="bank" value={bankKey} error={errors.bank} onChange={(event) => setBankKey(event.target.value as BankKey | "")}>
        <option value="">-- Choose Bank --</option>
        {options.data.banks.map((option) => (
          <option key={option.key} value={option.key}>
            {option.name}
          </option>
        ))}
      </SelectField>
      {bank && (
        <>
          <BankDetails bank={bank} reference={reference.data.reference} example={options.data.banksExample} />
          <AmountField
            ref={amountRef}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            hint={`What your transfer is worth in US dollars (USD), from ${formatUsd(options.data.minCents)} to ${formatUsd(options.data.maxCents)}.`}
          />
          <div role="note" className="flex gap-3 rounded-lg border border-amber-700/30 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            <p>
              Quote <span className="font-mono font-semibold whitespace-nowrap">{reference.data.reference}</span> with your transfer. Your Main Balance is
              credited when our team confirms the transfer arrived in our account, not before. A transfer we cannot find within{" "}
              {options.data.expiryDays} days is marked expired; contact us if you sent it.
            </p>
          </div>
          {failure && <Alert tone="error">{failure}</Alert>}
          <AccountRefusalNotice error={create.error} />
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:self-start">
            {create.isPending ? "Processing..." : "I've Sent The Funds"}
          </Button>
        </>
      )}
    </form>
  );
}

/** A server whose operator has not set its bank accounts (never in production): said before anything else, in words no one can miss. */
function ExampleAccountsWarning() {
  return (
    <div role="alert" className="rounded-lg border-2 border-danger-600 bg-danger-50 px-4 py-3 text-danger-600" data-testid="example-banks">
      <p className="text-base font-bold">Example accounts only. Do not send money to them.</p>
      <p className="mt-1 text-sm">This server&apos;s operator has not set up its bank accounts yet, so the accounts below belong to no one.</p>
    </div>
  );
}
