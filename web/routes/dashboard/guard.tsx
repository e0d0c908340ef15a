import { useEffect, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { SignInWithCodeNotice, TwoFactorRequiredNotice } from "#web/components/account/two-factor-required.js";
import { useSession } from "#web/lib/session.js";
import { clearTwoFactorRefusal } from "#web/lib/account-refusals.js";
import { ScreenTitle } from "./screens.js";

/** The reference site's access guard (docs/product.md, section 9): "Loading..." while the session loads, /login without one, / on a role mismatch. */
export function RequireAuth({ role, children }: { role?: "admin"; children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-700">
        Loading...
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (role && user.role !== role) return <Navigate to="/" replace />;
  return children;
}

/**
 * An admin without a verified second factor reaches only Settings (the server refuses every
 * /api/admin call with TWO_FACTOR_REQUIRED meanwhile). Every other dashboard screen explains why
 * and links there; the screen appears by itself once two-factor is on.
 */
export function TwoFactorGate() {
  const { user } = useSession();
  const blocked = user?.role === "admin" && !user.twoFactorEnabled;
  useEffect(() => {
    if (user?.twoFactorEnabled) clearTwoFactorRefusal();
  }, [user?.twoFactorEnabled]);
  if (!blocked) return <Outlet />;
  return (
    <section>
      <ScreenTitle title="Two-factor authentication required">An operator account opens every screen but Settings only once two-factor authentication is on.</ScreenTitle>
      <TwoFactorRequiredNotice />
    </section>
  );
}

/**
 * The back office takes only a session that passed the authenticator code within 12 hours (the
 * server answers SECOND_FACTOR_REQUIRED otherwise): an admin whose session did not says why here,
 * instead of screens that fail and poll what they are refused.
 */
export function BackOfficeGate() {
  const { user, session } = useSession();
  if (!user?.twoFactorEnabled || session?.backOffice) return <Outlet />;
  return (
    <section>
      <ScreenTitle title="Sign in again with your code">This session was opened without your authenticator code, so the back office stays closed to it.</ScreenTitle>
      <SignInWithCodeNotice />
    </section>
  );
}
