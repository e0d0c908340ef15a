import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MESSAGES, PASSWORD_MIN, signUpSchema, type SignUpInput } from "#shared/schemas/auth.js";
import { Alert } from "#web/components/ui/alert.js";
import { Field } from "#web/components/ui/field.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { signUp } from "#web/lib/session.js";
import { AuthCard } from "#web/features/auth/components/auth-card.js";
import { fieldErrors, type FieldErrors } from "#web/lib/form.js";

const EMPTY: SignUpInput = { name: "", email: "", password: "", confirmPassword: "" };

export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ref = params.get("ref") ?? undefined;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<SignUpInput>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const update = (key: keyof SignUpInput) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = signUpSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      const { name, email, password } = parsed.data;
      // No session comes back, and a taken address is answered the same (its owner gets an e-mail):
      // either way the next step is the inbox, then /login as the reference has it.
      await signUp({ name, email, password, ref });
      navigate("/login", { state: { signedUp: true } });
    } catch (error) {
      setFailure(authErrorMessage(error, MESSAGES.registrationFailed));
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
      <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Full name" name="name" autoComplete="name" required value={form.name} error={errors.name} onChange={update("name")} />
        <Field label="Email" type="email" name="email" autoComplete="email" required value={form.email} error={errors.email} onChange={update("email")} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={form.password}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN} characters. Common passwords are refused.`}
          onChange={update("password")}
        />
        <Field
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={update("confirmPassword")}
        />
        <SubmitButton pending={pending} pendingLabel="Creating account...">
          Sign Up
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
