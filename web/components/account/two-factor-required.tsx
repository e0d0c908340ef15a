import { Alert } from "../ui/alert.js";
import { LinkButton } from "../ui/button.js";

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
