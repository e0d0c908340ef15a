import { Link } from "react-router";
import { VERIFICATION_PATH } from "#shared/schemas/verification.js";
import { cn } from "#web/lib/cn.js";

/**
 * A refusal because the identity is not verified yet (money out, or a deposit past the unverified
 * limit): the server's own sentence, which names what remains, and the way to the check.
 */
export function VerifyIdentityNotice({ message, className }: { message: string; className?: string }) {
  return (
    <div role="alert" className={cn("rounded-lg border border-amber-700/30 bg-amber-50 px-4 py-3 text-sm text-amber-900", className)}>
      <p>{message}</p>
      <p className="mt-2">
        <Link to={VERIFICATION_PATH} className="font-semibold underline underline-offset-2">
          Verify your identity
        </Link>
      </p>
    </div>
  );
}
