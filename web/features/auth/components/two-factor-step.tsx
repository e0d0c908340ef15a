import { useEffect, useRef, useState, type FormEvent } from "react";
import { MESSAGES, twoFactorCodeField } from "#shared/schemas/auth.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { verifySignInCode } from "#web/lib/session.js";

const BACKUP_CODE_REQUIRED = "Enter one of your backup codes.";

/** A TOTP code through the shared schema (six digits, spaces dropped); a backup code only needs to be there. */
function readCode(kind: "totp" | "backup", code: string): { ok: true; code: string } | { ok: false; message: string } {
  if (kind === "backup") return code.trim() ? { ok: true, code: code.trim() } : { ok: false, message: BACKUP_CODE_REQUIRED };
  const parsed = twoFactorCodeField.safeParse(code);
  return parsed.success ? { ok: true, code: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.twoFactorCodeRequired };
}

/**
 * The second step of a sign-in with two-factor authentication on: the code from the authenticator
 * app, or one of the backup codes. The server holds the half-finished sign-in in a short-lived
 * cookie; `onDone` runs once the session exists, `onRestart` when the user goes back.
 */
export function TwoFactorStep({ onDone, onRestart }: { onDone: () => Promise<void>; onRestart: () => void }) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The step replaces the password form: put the cursor where the code goes.
  useEffect(() => input.current?.focus(), [kind]);

  const switchKind = () => {
    setKind(kind === "totp" ? "backup" : "totp");
    setCode("");
    setError(undefined);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = readCode(kind, code);
    if (!checked.ok) {
      setError(checked.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await verifySignInCode({ kind, code: checked.code, trustDevice });
      await onDone();
    } catch (caught) {
      setFailure(authErrorMessage(caught));
      setPending(false);
      input.current?.select();
    }
  };

  const totp = kind === "totp";
  return (
    <form method="post" onSubmit={submit} noValidate aria-label="Two-factor authentication" className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {totp ? "Open your authenticator app and enter the 6-digit code it shows for this site." : "Enter one of the backup codes you saved. Each code works once."}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field
        ref={input}
        key={kind}
        label={totp ? "Authentication code" : "Backup code"}
        name="code"
        autoComplete={totp ? "one-time-code" : "off"}
        inputMode={totp ? "numeric" : "text"}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={totp ? 7 : 32}
        required
        className="[&_input]:font-mono [&_input]:tracking-widest"
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name="trustDevice" className="size-4 accent-brand-700" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} />
        Trust this device for 30 days
      </label>
      <SubmitButton pending={pending} pendingLabel="Verifying...">
        Verify
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="ghost" className="px-2" onClick={switchKind}>
          {totp ? "Use a backup code instead" : "Use the authenticator app instead"}
        </Button>
        <Button variant="ghost" className="px-2" onClick={onRestart}>
          Back to login
        </Button>
      </div>
    </form>
  );
}
