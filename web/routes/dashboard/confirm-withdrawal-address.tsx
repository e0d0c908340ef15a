import { useSearchParams } from "react-router";
import { PublicLayout } from "#web/components/layout/public-layout.js";
import { ConfirmAddress } from "#web/features/withdrawal-addresses/components/confirm-address.js";
import { useSession } from "#web/lib/session.js";
import { DashboardLayout } from "./layout.js";
import { ScreenTitle } from "./screens.js";

/**
 * The e-mailed link's page works from any device: inside the dashboard when this browser is signed
 * in, on the public frame when it is not (the link's token is what confirms, not the session).
 */
export function SignedInOrPublicLayout() {
  const { user, loading } = useSession();
  if (loading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-700">
        Loading...
      </div>
    );
  }
  return user ? <DashboardLayout /> : <PublicLayout />;
}

export function ConfirmWithdrawalAddressScreen() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-0">
      <ScreenTitle title="Confirm your withdrawal address">The last step before payouts may go to an address you added.</ScreenTitle>
      <ConfirmAddress token={params.get("token")} />
    </section>
  );
}
