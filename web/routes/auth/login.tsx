import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { signInSchema, type SignInInput } from "../../../shared/schemas/auth.js";
import { Alert } from "../../components/ui/alert.js";
import { Button } from "../../components/ui/button.js";
import { Field } from "../../components/ui/field.js";
import { authErrorMessage } from "../../features/auth/api/messages.js";
import { refreshSession, signIn } from "../../features/auth/api/session.js";
import { AuthCard } from "../../features/auth/components/auth-card.js";
import { fieldErrors, type FieldErrors } from "../../lib/form.js";
import { useHydrated } from "../../lib/use-hydrated.js";

interface LocationState {
  from?: string;
  registered?: boolean;
  passwordReset?: boolean;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const state = (hydrated ? (location.state ?? {}) : {}) as LocationState;
  const [form, setForm] = useState({ email: "", password: "", rememberMe: false });
  const [errors, setErrors] = useState<FieldErrors<SignInInput>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = signInSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      await signIn(parsed.data);
      await refreshSession();
      const target = state.from?.startsWith("/dashboard") ? state.from : "/dashboard";
      navigate(target, { replace: true });
    } catch (error) {
      setFailure(authErrorMessage(error));
      setPending(false);
    }
  };

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
      {state.registered && (
        <Alert tone="success" className="mb-4">
          Your account has been created. Please log in.
        </Alert>
      )}
      {state.passwordReset && (
        <Alert tone="success" className="mb-4">
          Your password has been changed. Please log in with the new one.
        </Alert>
      )}
      {failure && (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          error={errors.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
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
        <Button type="submit" disabled={pending}>
          {pending ? "Logging in..." : "Log In"}
        </Button>
      </form>
    </AuthCard>
  );
}
