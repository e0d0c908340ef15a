import { useEffect, useRef, useState, type FormEvent } from "react";
import { twoFactorCodeField } from "#shared/schemas/auth.js";
import { Alert } from "#web/components/ui/alert.js";
import { CopyButton } from "#web/components/ui/copy-button.js";
import { Field } from "#web/components/ui/field.js";
import { SubmitOrCancel } from "#web/components/ui/submit-or-cancel.js";
import { groupKey, secretOf } from "../otpauth.js";
import { TotpQrCode } from "./totp-qr-code.js";

interface ScanStepProps {
  totpURI: string;
  pending: boolean;
  failure: string | null;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}

/** Scan (or type the key), then prove it with the first code: only then is two-factor on. */
export function ScanStep({ totpURI, pending, failure, onConfirm, onCancel }: ScanStepProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [copyFailed, setCopyFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const secret = secretOf(totpURI) ?? "";

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (failure) input.current?.select();
  }, [failure]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCodeField.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    onConfirm(parsed.data);
  };

  return (
    <div className="flex flex-col gap-5">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-brand-900 outline-none">
        Add this account to your authenticator app
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan the QR code, or choose to enter a key and type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        <TotpQrCode uri={totpURI} />
        <div className="flex min-w-0 flex-col gap-2">
          <dl>
            <dt className="text-sm font-medium text-slate-800">Key</dt>
            <dd className="mt-1 font-mono text-base break-all text-slate-900" data-testid="totp-key">
              {groupKey(secret)}
            </dd>
          </dl>
          <div>
            <CopyButton text={secret} label="Copy key" onFailure={() => setCopyFailed(true)} />
          </div>
          {copyFailed && <p className="text-sm text-slate-700">Copying is not available here; select the key and copy it by hand.</p>}
        </div>
      </div>
      <form onSubmit={submit} noValidate aria-label="Confirm two-factor authentication" className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field
          ref={input}
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          className="max-w-56 [&_input]:font-mono [&_input]:tracking-widest"
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
        <SubmitOrCancel label="Confirm and turn on" pendingLabel="Checking..." pending={pending} onCancel={onCancel} />
      </form>
    </div>
  );
}
