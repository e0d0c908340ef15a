import { useState, type RefObject } from "react";
import { CLOSED_LANDING } from "#shared/schemas/account-data.js";
import { reauthFailure } from "#web/components/account/reauth-failure.js";
import { ReauthForm, type ReauthInput } from "#web/components/account/reauth-form.js";
import { Dialog } from "#web/components/ui/dialog.js";
import { ApiError } from "#web/lib/api.js";
import { newIdempotencyKey } from "#web/lib/idempotency.js";
import { useSignOut } from "#web/lib/use-sign-out.js";
import { useCloseAccount } from "../api/account-data.js";

interface Props {
  /** Two-factor on: the code is asked too, as for every way money could leave. */
  withCode: boolean;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * "Close my account": what happens, what is kept, when it is possible, then the password (and the
 * code). A refusal says why in the server's words (409: money still on the balance, invested or
 * waiting); once closed, this browser is signed out and lands on the login page, which says so.
 */
export function CloseAccountDialog({ withCode, onClose, returnFocusTo }: Props) {
  const close = useCloseAccount();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { signOut, pending: signingOut } = useSignOut(CLOSED_LANDING);
  const pending = close.isPending || close.isSuccess || signingOut;

  const submit = ({ password, code }: ReauthInput) =>
    close.mutate({ input: { password, ...(code ? { twoFactorCode: code } : {}) }, idempotencyKey }, { onSuccess: () => signOut() });

  const refusal = close.error instanceof ApiError && (close.error.status === 409 || close.error.status === 429) ? close.error.message : undefined;
  return (
    <Dialog title="Close your account" onClose={() => !pending && onClose()} returnFocusTo={returnFocusTo}>
      <div className="flex flex-col gap-3 text-sm text-slate-700" data-testid="close-account">
        <p>
          <strong className="text-slate-900">What happens:</strong> you are signed out everywhere at once and can no longer sign in. Nobody can send you money or ask you
          for it; your open money requests are declined and your withdrawal addresses removed. We e-mail you a final statement.
        </p>
        <p>
          <strong className="text-slate-900">What we keep:</strong> your transactions, statements and the audit log, and your identity check for as long as the law
          requires. Download your data first if you want a copy.
        </p>
        <p>
          <strong className="text-slate-900">Only when:</strong> nothing is invested, no withdrawal or deposit is waiting, and your Main Balance is $0.00.
        </p>
        <p className="rounded-lg border border-amber-700/30 bg-amber-50 px-3 py-2 text-amber-900">Closing cannot be undone, and the address cannot open a new account.</p>
        <ReauthForm
          label="Close your account"
          explanation={withCode ? "Enter your current password and a code from your authenticator app to close the account." : "Enter your current password to close the account."}
          submitLabel="Close my account"
          pendingLabel="Closing..."
          pending={pending}
          failure={reauthFailure(close.error, refusal)}
          withCode={withCode}
          danger
          onSubmit={submit}
          onCancel={onClose}
        />
      </div>
    </Dialog>
  );
}
