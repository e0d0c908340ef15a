import { useState, type ChangeEvent, type FormEvent } from "react";
import { CONTACT_MESSAGES, contactMessageSchema, type ContactMessageInput } from "#shared/schemas/contact.js";
import { Alert } from "#web/components/ui/alert.js";
import { OwnEmailField } from "#web/components/ui/email-fields.js";
import { Field } from "#web/components/ui/field.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { ApiError } from "#web/lib/api.js";
import { checkForm, type FieldErrors } from "#web/lib/form.js";
import { sendContactMessage } from "../api.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import type { Outcome } from "#web/lib/outcome.js";

type FormState = { name: string; email: string; subject: string; message: string };
type FieldName = keyof FormState;

const EMPTY: FormState = { name: "", email: "", subject: "", message: "" };
const FIELD_ORDER: FieldName[] = ["name", "email", "subject", "message"];

type Notice = Outcome;

/** Only the keys the form shows: a server error about anything else has nowhere to appear. */
function formFieldErrors(fields: Record<string, string> | undefined): FieldErrors<FormState> {
  const errors: FieldErrors<FormState> = {};
  for (const name of FIELD_ORDER) if (fields?.[name]) errors[name] = fields[name];
  return errors;
}

function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors<FormState>) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  const element = first ? form.elements.namedItem(first) : null;
  if (!(element instanceof HTMLElement)) return;
  // Centred, because the fixed site header would cover a field scrolled to the top edge.
  element.scrollIntoView?.({ block: "center" });
  element.focus({ preventScroll: true });
}

export function ContactForm() {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<FormState>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);

  const update = (key: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const element = event.currentTarget;
    setNotice(null);
    const input = checkForm(contactMessageSchema, form satisfies ContactMessageInput, (found: FieldErrors<FormState>) => {
      setErrors(found);
      focusFirstInvalid(element, found);
    });
    if (!input) return;
    setPending(true);
    try {
      await sendContactMessage(input);
      setForm(EMPTY);
      setNotice({ tone: "success", text: CONTACT_MESSAGES.sent });
    } catch (error) {
      const fromServer = error instanceof ApiError ? formFieldErrors(error.fields) : {};
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        focusFirstInvalid(element, fromServer);
      } else if (error instanceof ApiError && error.status === 429) {
        setNotice({ tone: "error", text: error.message || CONTACT_MESSAGES.rateLimited });
      } else {
        setNotice({ tone: "error", text: CONTACT_MESSAGES.failed });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-2xl rounded-card border border-slate-200 bg-white p-5 sm:p-8">
      {/* method=post and a button disabled until hydrated: nothing typed is sent by the browser on its own. */}
      <form method="post" onSubmit={submit} noValidate aria-label="Contact form" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" name="name" autoComplete="name" required value={form.name} error={errors.name} onChange={update("name")} />
          <OwnEmailField value={form.email} error={errors.email} onChange={update("email")} />
        </div>
        <Field label="Subject (optional)" name="subject" value={form.subject} error={errors.subject} onChange={update("subject")} />
        <TextAreaField label="Message" name="message" required rows={6} value={form.message} error={errors.message} onChange={update("message")} />
        {/* Beside the button, where the eye is after sending; on a phone the top of the form is off-screen by then. */}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <SubmitButton pending={pending} pendingLabel="Sending..." className="w-full sm:w-auto sm:self-start">
          Send Message
        </SubmitButton>
      </form>
    </div>
  );
}
