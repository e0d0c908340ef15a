import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPasswordSchema } from "#shared/schemas/auth.js";
import { NewPasswordFields } from "#web/components/account/new-password-fields.js";
import { Alert } from "#web/components/ui/alert.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { resetPassword } from "#web/lib/session.js";
import { AuthCard } from "#web/features/auth/components/auth-card.js";
import { checkForm, type FieldErrors } from "#web/lib/form.js";
import { useHydrated } from "#web/lib/use-hydrated.js";

type Input = { password: string; confirmPassword: string };

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const linkError = params.get("error");
  const [form, setForm] = useState<Input>({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors<Input>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  if (hydrated && (!token || linkError)) {
    return (
      <AuthCard title="Choose a new password">
        <Alert tone="error">This reset link is invalid or has expired. Please request a new one.</Alert>
        <Link to="/forgot-password" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = checkForm(resetPasswordSchema, form, setErrors);
    if (!input || !token) return;
    setPending(true);
    try {
      await resetPassword(token, input.password);
      navigate("/login", { replace: true, state: { passwordReset: true } });
    } catch (error) {
      setFailure(authErrorMessage(error));
      setPending(false);
    }
  };

  return (
    <AuthCard title="Choose a new password" subtitle="After this, every session of your account is signed out.">
      {failure && (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      )}
      <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields label="New password" name="password" required values={form} errors={errors} onChange={(key, value) => setForm({ ...form, [key]: value })} />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Set new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
