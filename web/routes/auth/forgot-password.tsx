import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MESSAGES, forgotPasswordSchema } from "#shared/schemas/auth.js";
import { Alert } from "#web/components/ui/alert.js";
import { OwnEmailField } from "#web/components/ui/email-fields.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { requestPasswordReset } from "#web/lib/session.js";
import { AuthCard } from "#web/features/auth/components/auth-card.js";
import type { Outcome } from "#web/lib/outcome.js";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [result, setResult] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    setPending(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setResult({ tone: "success", text: MESSAGES.resetSent });
    } catch (error) {
      setResult({ tone: "error", text: authErrorMessage(error, MESSAGES.resetFailed) });
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Back to login
        </Link>
      }
    >
      {result && (
        <Alert tone={result.tone} className="mb-4">
          {result.text}
        </Alert>
      )}
      <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <OwnEmailField value={email} error={fieldError} onChange={(event) => setEmail(event.target.value)} />
        <SubmitButton pending={pending} pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
