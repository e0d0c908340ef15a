import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { refreshSession, useSession } from "#web/lib/session.js";
import { useTwoFactorRefused } from "#web/lib/account-refusals.js";
import { Alert } from "../ui/alert.js";
import { VerifyEmailNotice } from "./email-verification.js";
import { TwoFactorRequiredNotice } from "./two-factor-required.js";

/** The verification link lands on /dashboard?verified=1 (better-auth adds &error=… when it was bad). */
function VerifiedLinkNotice({ unverified }: { unverified: boolean }) {
  const [params] = useSearchParams();
  if (params.get("verified") !== "1") return null;
  if (params.get("error")) return <Alert tone="error">This verification link is invalid or has expired. Ask for a new one below.</Alert>;
  // Someone else's link, followed while signed in here, verified their address, not this one.
  if (unverified) return null;
  return <Alert tone="success">Your e-mail address is verified.</Alert>;
}

/** Above every dashboard screen: what the account still needs before everything works. */
export function AccountBanners() {
  const { user } = useSession();
  const refused = useTwoFactorRefused();
  const unverified = user?.emailVerified === false;

  // The link is usually followed in another tab; coming back here, read the session again.
  useEffect(() => {
    if (!unverified) return;
    const onFocus = () => void refreshSession();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [unverified]);

  // An admin without two-factor already sees the explanation in place of the screen (TwoFactorGate).
  const gated = user?.role === "admin" && !user.twoFactorEnabled;
  return (
    <div className="mb-6 flex flex-col gap-3 empty:hidden">
      <VerifiedLinkNotice unverified={unverified} />
      {user && unverified && <VerifyEmailNotice email={user.email} />}
      {refused && !gated && <TwoFactorRequiredNotice />}
    </div>
  );
}
