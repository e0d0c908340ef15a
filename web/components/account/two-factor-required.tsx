import { MESSAGES } from "#shared/schemas/auth.js";
import { useSignOut } from "#web/lib/use-sign-out.js";
import { Alert } from "../ui/alert.js";
import { Button, LinkButton } from "../ui/button.js";

export const TWO_FACTOR_REQUIRED_TEXT = "Turn on two-factor authentication to use the back office.";

/** What an admin without a second factor sees instead of the back office, or after an API refused them. */
export function TwoFactorRequiredNotice({ className }: { className?: string }) {
  return (
    <Alert tone="info" className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="two-factor-required">{TWO_FACTOR_REQUIRED_TEXT}</p>
        <LinkButton to="/dashboard/settings" className="shrink-0 self-start sm:self-auto">
          Go to Settings
        </LinkButton>
      </div>
    </Alert>
  );
}

/**
 * What an admin sees when this session was made without the code (before two-factor was on, or on
 * a browser the account once trusted): the back office needs a session that passed it, so the way
 * out is to sign in again.
 */
export function SignInWithCodeNotice({ className }: { className?: string }) {
  const { signOut, pending } = useSignOut("/login");
  return (
    <Alert tone="info" className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="second-factor-required">{MESSAGES.secondFactorSessionRequired}</p>
        <Button onClick={signOut} disabled={pending} className="shrink-0 self-start sm:self-auto">
          {pending ? "Signing out..." : "Sign out to sign in again"}
        </Button>
      </div>
    </Alert>
  );
}
