import { useRef, useState, type FormEvent } from "react";
import { addWithdrawalAddressSchema, type WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { SecondFactorCodeField } from "#web/components/account/second-factor-code-field.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { VerbatimField } from "#web/components/ui/verbatim-field.js";
import { ApiError } from "#web/lib/api.js";
import { checkForm, type FieldErrors } from "#web/lib/form.js";
import { focusField } from "#web/lib/focus-field.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import { explainBadRequest } from "#web/lib/request-errors.js";
import { useSession } from "#web/lib/session.js";
import { useAddWithdrawalAddress } from "../api/withdrawal-addresses.js";

type Input = { label: string; address: string; twoFactorCode: string };
const EMPTY: Input = { label: "", address: "", twoFactorCode: "" };
const FIELDS: Array<keyof Input> = ["label", "address", "twoFactorCode"];
const NAMES = { label: "label", address: "address", twoFactorCode: "twoFactorCode" };
const FAILED = "The address could not be added. Please try again.";

/**
 * Adds an address to the list: a label in the investor's words, the address, and with two-factor
 * on the authenticator code (adding is a step towards money leaving, asked like one). The server
 * then e-mails the link that confirms it.
 */
export function AddAddressForm({ onAdded }: { onAdded: (added: WithdrawalAddressDto) => void }) {
  const twoFactor = useSession().user?.twoFactorEnabled === true;
  const add = useAddWithdrawalAddress();
  const [form, setForm] = useState<Input>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Input>>({});
  const [failure, setFailure] = useState<{ message: string; refusal: unknown } | null>(null);
  const labelRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const showErrors = (next: FieldErrors<Input>) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) focusField({ label: labelRef, address: addressRef, twoFactorCode: codeRef }[first].current);
  };
  const edit = (field: keyof Input) => (value: string) => setForm((old) => ({ ...old, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setFailure(null);
    const body = { label: form.label, address: form.address, ...(twoFactor ? { twoFactorCode: form.twoFactorCode } : {}) };
    const input = checkForm(addWithdrawalAddressSchema, body, showErrors);
    if (!input) return;
    if (twoFactor && !input.twoFactorCode) return showErrors({ twoFactorCode: "Enter the code from your authenticator app." });
    add.mutate(input, {
      onSuccess: (added) => {
        setForm(EMPTY);
        onAdded(added);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? explainBadRequest(error, NAMES).fields : {};
        if (Object.keys(fields).length > 0) return showErrors(fields);
        setFailure({ message: moneyOutFailure(error, NAMES, FAILED).message, refusal: error });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a withdrawal address" className="flex flex-col gap-4">
      <Field ref={labelRef} label="Label" name="label" maxLength={50} value={form.label} error={errors.label} onChange={(event) => edit("label")(event.target.value)} hint="Your own name for it, such as “Hardware wallet”." />
      <VerbatimField
        ref={addressRef}
        label="Bitcoin address"
        name="address"
        className="[&_input]:font-mono"
        value={form.address}
        error={errors.address}
        onChange={(event) => edit("address")(event.target.value)}
        hint="An address of a wallet you control. Check it character by character: bitcoin payments cannot be undone."
      />
      {twoFactor && <SecondFactorCodeField ref={codeRef} value={form.twoFactorCode} onChange={edit("twoFactorCode")} error={errors.twoFactorCode} />}
      {failure?.message && <Alert tone="error">{failure.message}</Alert>}
      <AccountRefusalNotice error={failure?.refusal} />
      <Button type="submit" className="self-start" disabled={add.isPending}>
        {add.isPending ? "Adding..." : "Add address"}
      </Button>
    </form>
  );
}
