import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, submitVerificationSchema, type SubmitVerificationInput, type VerificationDto } from "#shared/schemas/verification.js";
import { Alert } from "#web/components/ui/alert.js";
import { Field } from "#web/components/ui/field.js";
import { SelectField } from "#web/components/ui/select-field.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { ApiError } from "#web/lib/api.js";
import { focusField } from "#web/lib/focus-field.js";
import { checkForm, type FieldErrors } from "#web/lib/form.js";
import { useSubmitVerification } from "../api/verification.js";
import { IdentityFiles } from "./identity-files.js";

type Form = Record<keyof SubmitVerificationInput, string>;
type Name = keyof Form;
const ORDER: Name[] = ["legalName", "dateOfBirth", "country", "address", "documentType", "documentNumber", "documentCountry", "documentExpiresOn"];

function initial(current: VerificationDto["case"]): Form {
  return {
    legalName: current?.legalName ?? "",
    dateOfBirth: current?.dateOfBirth ?? "",
    country: current?.country ?? "",
    address: current?.address ?? "",
    documentType: current?.documentType ?? "",
    documentNumber: current?.documentNumber ?? "",
    documentCountry: current?.documentCountry ?? "",
    documentExpiresOn: current?.status === "expired" ? "" : (current?.documentExpiresOn ?? ""),
  };
}

/** The case's data and files, sent together; the server checks the age, the expiry and the files again. */
export function IdentityForm({ verification }: { verification: VerificationDto }) {
  const current = verification.case;
  const submit = useSubmitVerification();
  const [form, setForm] = useState<Form>(() => initial(current));
  const [errors, setErrors] = useState<FieldErrors<Form> & { documents?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const base = useId();
  const idOf = (name: Name) => `${base}-${name}`;
  const bind = (name: Name) => ({
    id: idOf(name),
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setForm((old) => ({ ...old, [name]: event.target.value })),
  });
  const documents = current?.documents ?? [];

  const show = (next: typeof errors) => {
    setErrors(next);
    const first = ORDER.find((name) => next[name]);
    if (first) focusField(document.getElementById(idOf(first)));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    setNotice(null);
    const input = checkForm(submitVerificationSchema, form, show);
    if (!input) return;
    if (documents.length === 0) return show({ documents: "Upload at least one file of your document." });
    try {
      await submit.mutateAsync(input);
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) {
        const fields = (error.fields ?? {}) as typeof errors;
        show(fields);
        if (Object.keys(fields).length === 0) setNotice(error.message);
      } else setNotice("Your documents could not be sent. Please try again.");
    }
  };

  return (
    <form onSubmit={send} noValidate aria-label="Verify your identity" className="flex flex-col gap-5 rounded-card border border-slate-200 bg-white p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-brand-900">About you</h2>
      <Field label="Full legal name" autoComplete="name" hint="As it is written on your document." {...bind("legalName")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Date of birth" type="date" autoComplete="bday" hint="You must be 18 or older." {...bind("dateOfBirth")} />
        <Field label="Country of residence" autoComplete="country" maxLength={2} hint="Two letters, like NG or GB." {...bind("country")} />
      </div>
      <TextAreaField label="Home address" rows={3} autoComplete="street-address" {...bind("address")} />
      <h2 className="text-lg font-semibold text-brand-900">Your identity document</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Document type" {...bind("documentType")}>
          <option value="">Choose…</option>
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {DOCUMENT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <Field label="Document number" autoComplete="off" {...bind("documentNumber")} />
        <Field label="Issuing country" maxLength={2} hint="Two letters, like NG or GB." {...bind("documentCountry")} />
        <Field label="Expiry date" type="date" hint="The document must not have expired." {...bind("documentExpiresOn")} />
      </div>
      <IdentityFiles documents={documents} editable error={errors.documents} />
      {notice && <Alert tone="error">{notice}</Alert>}
      <SubmitButton pending={submit.isPending} pendingLabel="Sending..." className="w-full sm:w-auto sm:self-start">
        Send for review
      </SubmitButton>
    </form>
  );
}
