import type { ComponentType } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "#web/lib/session.js";

/** Where a signed-in user goes instead: the dashboard screen the guard sent them from, else the overview. */
export function signedInDestination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/dashboard") ? from : "/dashboard";
}

/**
 * /login and /signup are for visitors: a signed-in user is sent to the dashboard. While the
 * session loads (and in the pre-rendered HTML) the page itself shows, so hydration matches.
 */
export function guestOnly(Page: ComponentType): ComponentType {
  function GuestOnlyPage() {
    const { user } = useSession();
    const location = useLocation();
    if (user) return <Navigate to={signedInDestination(location.state)} replace />;
    return <Page />;
  }
  return GuestOnlyPage;
}
