import { useSession } from "#web/lib/session.js";
import { isAccountRefusal } from "#web/lib/account-refusals.js";
import { VerifyEmailNotice } from "./email-verification.js";
import { VerifyIdentityNotice } from "./verify-identity-notice.js";
import { SignInWithCodeNotice, TwoFactorRequiredNotice } from "./two-factor-required.js";

/**
 * In a form, in place of its own error message: a refusal about the account (an unverified
 * address or identity, an admin without two-factor or whose session did not pass it) with the way out, or
 * nothing for any other error.
 */
export function AccountRefusalNotice({ error, className }: { error: unknown; className?: string }) {
  const { user } = useSession();
  if (!isAccountRefusal(error)) return null;
  if (error.code === "TWO_FACTOR_REQUIRED") return <TwoFactorRequiredNotice className={className} />;
  if (error.code === "SECOND_FACTOR_REQUIRED") return <SignInWithCodeNotice className={className} />;
  if (error.code === "VERIFICATION_REQUIRED") return <VerifyIdentityNotice message={error.message} className={className} />;
  return <VerifyEmailNotice email={user?.email ?? ""} className={className} />;
}
