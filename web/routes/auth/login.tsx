import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { signInSchema, type SignInInput } from "#shared/schemas/auth.js";
import { Alert } from "#web/components/ui/alert.js";
import { OwnEmailField } from "#web/components/ui/email-fields.js";
import { Field } from "#web/components/ui/field.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { refreshSession, signIn } from "#web/lib/session.js";
import { AuthCard } from "#web/features/auth/components/auth-card.js";
import { TwoFactorStep } from "#web/features/auth/components/two-factor-step.js";
import { checkForm, type FieldErrors } from "#web/lib/form.js";
import { useHydrated } from "#web/lib/use-hydrated.js";
import type { Outcome } from "#web/lib/outcome.js";

interface LocationState {
  from?: string;
  passwordReset?: boolean;
}

/** What brought the visitor here, read only after hydration (the pre-rendered page knows neither). */
function useArrivalNotice(): Outcome | null {
  const hydrated = useHydrated();
  const location = useLocation();
  const [params] = useSearchParams();
  if (!hydrated) return null;
  const state = (location.state ?? {}) as LocationState;
  // A verification link followed on a browser other than the one that signed up lands here (it
  // signs no one in), and so does a bad link, with ?error=….
  if (params.get("verified") === "1") {
    return params.get("error")
      ? { tone: "error", text: "This verification link is invalid or has expired. Log in and ask for a new one on your dashboard." }
      : { tone: "success", text: "Your e-mail address is verified." };
  }
  // Where closing an account lands (web/features/account-data): signed out, the final statement on its way.
  if (params.get("closed") === "1") return { tone: "success", text: "Your account is closed and you are signed out. We have e-mailed you its final statement." };
  if (state.passwordReset) return { tone: "success", text: "Your password has been changed. Please log in with the new one." };
  return null;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = useArrivalNotice();
  const [form, setForm] = useState({ email: "", password: "", rememberMe: false });
  const [errors, setErrors] = useState<FieldErrors<SignInInput>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [step, setStep] = useState<"password" | "code">("password");

  const finish = async () => {
    await refreshSession();
    const from = (location.state as LocationState | null)?.from;
    navigate(from?.startsWith("/dashboard") ? from : "/dashboard", { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = checkForm(signInSchema, form, setErrors);
    if (!input) return;
    setPending(true);
    try {
      const result = await signIn(input);
      if (result?.twoFactorRedirect) {
        // The password was right; the session waits for the second factor.
        setForm((current) => ({ ...current, password: "" }));
        setPending(false);
        setStep("code");
        return;
      }
      await finish();
    } catch (error) {
      setFailure(authErrorMessage(error));
      setPending(false);
    }
  };

  if (step === "code") {
    return (
      <AuthCard title="Two-factor authentication" subtitle={`Signing in as ${form.email.trim()}.`}>
        <TwoFactorStep onDone={finish} onRestart={() => setStep("password")} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to see your balances and investments."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {arrival && (
        <Alert tone={arrival.tone} className="mb-4">
          {arrival.text}
        </Alert>
      )}
      {failure && (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      )}
      {/* method=post: submitted before hydration, nothing may land in the URL (see SubmitButton). */}
      <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <OwnEmailField value={form.email} error={errors.email} onChange={(event) => setForm({ ...form, email: event.target.value })} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={form.password}
          error={errors.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              name="rememberMe"
              className="size-4 accent-brand-700"
              checked={form.rememberMe}
              onChange={(event) => setForm({ ...form, rememberMe: event.target.checked })}
            />
            Remember Me
          </label>
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={pending} pendingLabel="Logging in...">
          Log In
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
