import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { formatCents } from "#shared/money.js";
import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { NOTE_MAX } from "#shared/schemas/text.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { AmountField } from "#web/components/ui/amount-field.js";
import { focusField } from "#web/lib/focus-field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { OtherUserEmailField } from "#web/components/ui/email-fields.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import { useCreateMoneyRequest } from "../api/money-requests.js";
import { checkRequest, type RequestErrors, type RequestField, type RequestInput } from "../check-request.js";

const EMPTY: RequestInput = { fromEmail: "", amount: "", note: "" };
const FIELD_ORDER: RequestField[] = ["fromEmail", "amount", "note"];
const SERVER_FIELDS = { fromEmail: "fromEmail", amountCents: "amount", note: "note" };
const FAILED = "Your request could not be sent. Please try again.";

/** "Request Money": asks another user for an amount; they are notified and can pay it from their Main Balance or decline. */
export function RequestMoneyForm() {
  const create = useCreateMoneyRequest();
  const idempotency = useIdempotencyKey();
  const [form, setForm] = useState<RequestInput>(EMPTY);
  const [errors, setErrors] = useState<RequestErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState<MoneyRequestDto | null>(null);
  const base = useId();
  const idOf = (field: RequestField) => `${base}-${field}`;
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) outcome.current?.focus();
  }, [sent]);

  const edit = (field: RequestField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((old) => ({ ...old, [field]: event.target.value }));
  /** What each input takes from the form: its id (to focus it), name, value, change and error. */
  const bind = (field: RequestField) => ({ id: idOf(field), name: field, value: form[field], onChange: edit(field), error: errors[field] });

  const showErrors = (next: RequestErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) focusField(document.getElementById(idOf(first)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setNotice(null);
    setSent(null);
    const checked = checkRequest(form);
    if (!checked.ok) return showErrors(checked.errors);
    setErrors({});
    try {
      const request = await create.mutateAsync({ input: checked.input, idempotencyKey: idempotency.keyFor(checked.input) });
      idempotency.done();
      setForm(EMPTY);
      setSent(request);
    } catch (error) {
      const failure = moneyOutFailure(error, SERVER_FIELDS, FAILED);
      setNotice(failure.message || null);
      showErrors(failure.fields);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Request Money" className="flex flex-col gap-5 rounded-card border border-slate-200 bg-white p-5 sm:p-6">
      <div ref={outcome} tabIndex={-1} className="outline-none empty:hidden" data-testid="request-outcome">
        {sent && (
          <Alert tone="success">
            Your request for {formatCents(sent.amountCents)} was sent to {sent.counterparty.name || sent.counterparty.email} ({sent.counterparty.email}). You will be
            notified when they pay or decline it.
          </Alert>
        )}
      </div>
      <OtherUserEmailField
        label="Request From (e-mail address)"
        {...bind("fromEmail")}
        hint="The e-mail address they sign in to Termvest with. Names and usernames do not work."
      />
      <AmountField required {...bind("amount")} hint="In US dollars. When they pay, it arrives in your Main Balance." />
      <TextAreaField label="Note (optional)" rows={3} maxLength={NOTE_MAX} {...bind("note")} />
      <p className="rounded-lg border border-brand-600/20 bg-brand-50 px-4 py-3 text-sm text-brand-800">
        The user will receive a notification of your request and can pay it from their Main Balance or decline it.
      </p>
      {notice && <Alert tone="error">{notice}</Alert>}
      <AccountRefusalNotice error={create.error} />
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:self-start">
        {create.isPending ? "Sending..." : "Request Money"}
      </Button>
    </form>
  );
}
