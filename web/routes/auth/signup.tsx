import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { signUpSchema, type SignUpForm } from "#shared/schemas/auth.js";
import { NewPasswordFields } from "#web/components/account/new-password-fields.js";
import { Alert } from "#web/components/ui/alert.js";
import { OwnEmailField } from "#web/components/ui/email-fields.js";
import { Field } from "#web/components/ui/field.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { signUp } from "#web/lib/session.js";
import { AuthCard } from "#web/features/auth/components/auth-card.js";
import { ConsentCheckbox } from "#web/features/auth/components/consent-checkbox.js";
import { signUpFailure } from "#web/features/auth/components/sign-up-errors.js";
import { focusField } from "#web/lib/focus-field.js";
import { checkForm, type FieldErrors } from "#web/lib/form.js";

const EMPTY: SignUpForm = { name: "", email: "", password: "", confirmPassword: "", acceptTerms: false, acceptRisk: false };
const ORDER: Array<keyof SignUpForm> = ["name", "email", "password", "confirmPassword", "acceptTerms", "acceptRisk"];

const legalLink = "font-semibold text-brand-700 underline hover:text-brand-900";

export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ref = params.get("ref") ?? undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<SignUpForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const update = (key: "name" | "email") => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const tick = (key: "acceptTerms" | "acceptRisk") => (checked: boolean) => setForm({ ...form, [key]: checked });

  /** Shows each message under its input and moves focus to the first one. */
  const showFieldErrors = (next: FieldErrors<SignUpForm>) => {
    setErrors(next);
    const first = ORDER.find((key) => next[key]);
    if (first) focusField(formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = checkForm(signUpSchema, form, showFieldErrors);
    if (!input) return;
    setPending(true);
    try {
      const { name, email, password, acceptTerms, acceptRisk } = input;
      // No session comes back, and a taken address is answered the same (its owner gets an e-mail):
      // either way the next step is the link in the inbox, which signs the new user in.
      await signUp({ name, email, password, ref, acceptTerms, acceptRisk });
      navigate("/check-email", { state: { email } });
    } catch (error) {
      const { fields, message } = signUpFailure(error);
      showFieldErrors(fields);
      setFailure(message);
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="It takes a minute. You can choose a plan once you are in."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      {failure && (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      )}
      <form ref={formRef} method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Full name" name="name" autoComplete="name" required value={form.name} error={errors.name} onChange={update("name")} />
        <OwnEmailField value={form.email} error={errors.email} onChange={update("email")} />
        <NewPasswordFields label="Password" name="password" required values={form} errors={errors} onChange={(key, value) => setForm({ ...form, [key]: value })} />
        <ConsentCheckbox name="acceptTerms" checked={form.acceptTerms} error={errors.acceptTerms} onChange={tick("acceptTerms")}>
          I accept the{" "}
          <Link to="/terms" target="_blank" className={legalLink}>
            Terms of Service
          </Link>
          .
        </ConsentCheckbox>
        <ConsentCheckbox name="acceptRisk" checked={form.acceptRisk} error={errors.acceptRisk} onChange={tick("acceptRisk")}>
          I have read the{" "}
          <Link to="/risk" target="_blank" className={legalLink}>
            Risk Disclosure
          </Link>{" "}
          and understand I can lose some or all of the money I invest.
        </ConsentCheckbox>
        <SubmitButton pending={pending} pendingLabel="Creating account...">
          Sign Up
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
