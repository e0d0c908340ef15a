import type { ComponentType } from "react";
import { Navigate, useLocation, type Location } from "react-router";
import { useSession } from "#web/lib/session.js";

/**
 * Where a signed-in user goes instead: the dashboard screen the guard sent them from, else the
 * overview. A followed verification link (?verified=1, with &error=… when it was bad) keeps its
 * query, so the dashboard shows the same notice the login page would have.
 */
export function signedInDestination(location: Pick<Location, "search" | "state">): string {
  const params = new URLSearchParams(location.search);
  if (params.get("verified") === "1") {
    const kept = new URLSearchParams({ verified: "1" });
    const error = params.get("error");
    if (error) kept.set("error", error);
    return `/dashboard?${kept.toString()}`;
  }
  const from = (location.state as { from?: unknown } | null)?.from;
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
    if (user) return <Navigate to={signedInDestination(location)} replace />;
    return <Page />;
  }
  return GuestOnlyPage;
}
