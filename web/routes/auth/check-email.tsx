import { Link, useLocation } from "react-router";
import { AuthCard } from "#web/features/auth/components/auth-card.js";

/**
 * After sign-up. The address comes from the form (navigation state, never the URL, so it is not
 * logged or shared); a visitor who opens this page directly reads the same steps without it.
 */
export function CheckEmailPage() {
  const { state } = useLocation() as { state: { email?: unknown } | null };
  const email = typeof state?.email === "string" ? state.email : null;
  return (
    <AuthCard title="Check your e-mail">
      <div className="flex flex-col gap-4 text-slate-800" role="status">
        <p>
          We sent a link to {email ? <strong className="break-all" data-testid="check-email-address">{email}</strong> : "the address you signed up with"}.
        </p>
        <p>Open it within 24 hours to confirm your address. It signs you in and takes you to your dashboard.</p>
      </div>
      <p className="mt-6 text-sm text-slate-700">
        No e-mail after a few minutes? Look in your spam folder. You can also{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          log in
        </Link>{" "}
        and ask for a new link from your dashboard.
      </p>
    </AuthCard>
  );
}
