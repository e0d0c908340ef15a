import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../../features/auth/api/session.js";

/** The reference's access guard: "Loading..." while the session loads, /login without one, / on a role mismatch. */
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
