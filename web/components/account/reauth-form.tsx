import { useEffect, useRef, useState, type FormEvent } from "react";
import { changePasswordSchema } from "#shared/schemas/account.js";
import { MESSAGES, secondFactorCodeField } from "#shared/schemas/auth.js";
import { Alert } from "../ui/alert.js";
import { Field } from "../ui/field.js";
import { SubmitOrCancel } from "../ui/submit-or-cancel.js";
import type { ReauthFailure } from "./reauth-failure.js";
import { SecondFactorCodeField } from "./second-factor-code-field.js";

export interface ReauthInput {
  password: string;
  /** Only when the form asks for it (`withCode`). */
  code?: string;
}

type Errors = ReauthFailure["fields"];

interface ReauthFormProps {
  /** The form's accessible name: what the password is for. */
  label: string;
  explanation: string;
  /** What the password unlocks, e.g. "Turn off". */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal (see reauthFailure), shown on the field it concerns. */
  failure: ReauthFailure | null;
  /** Also ask for the second factor's code (changes to two-factor once it is on). */
  withCode?: boolean;
  danger?: boolean;
  onSubmit: (input: ReauthInput) => void;
  onCancel: () => void;
}

function check(password: string, code: string, withCode: boolean): { ok: true; input: ReauthInput } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const parsedPassword = changePasswordSchema.shape.currentPassword.safeParse(password);
  if (!parsedPassword.success) errors.password = parsedPassword.error.issues[0]?.message;
  const parsedCode = withCode ? secondFactorCodeField.safeParse(code) : undefined;
  if (parsedCode && !parsedCode.success) errors.code = parsedCode.error.issues[0]?.message ?? MESSAGES.secondFactorCodeRequired;
  if (errors.password || errors.code || !parsedPassword.success) return { ok: false, errors };
  return { ok: true, input: parsedCode?.success ? { password: parsedPassword.data, code: parsedCode.data } : { password: parsedPassword.data } };
}

/**
 * Asks again for what only the account's owner knows (the password, and a code from the
 * authenticator app when `withCode`) before a change an unattended session must not make.
 */
export function ReauthForm({ label, explanation, submitLabel, pendingLabel, pending, failure, withCode = false, danger, onSubmit, onCancel }: ReauthFormProps) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const refusedPassword = failure?.fields.password;
  const refusedCode = failure?.fields.code;

  useEffect(() => passwordInput.current?.focus(), []);
  // What the server refused is typed again from scratch.
  useEffect(() => {
    const refused = refusedPassword ? passwordInput.current : refusedCode ? codeInput.current : null;
    refused?.focus();
    refused?.select();
  }, [refusedPassword, refusedCode]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(password, code, withCode);
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors.password ? passwordInput : codeInput).current?.focus();
      return;
    }
    setErrors({});
    onSubmit(checked.input);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{explanation}</p>
      {failure?.message && <Alert tone="error">{failure.message}</Alert>}
      <Field
        ref={passwordInput}
        // In a dialog (web/components/ui/dialog.tsx), the field it focuses when it opens.
        data-autofocus
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        className="sm:max-w-sm"
        value={password}
        error={errors.password ?? refusedPassword}
        onChange={(event) => setPassword(event.target.value)}
      />
      {withCode && <SecondFactorCodeField ref={codeInput} className="sm:max-w-sm" value={code} error={errors.code ?? refusedCode} onChange={setCode} />}
      <SubmitOrCancel label={submitLabel} pendingLabel={pendingLabel} pending={pending} onCancel={onCancel} danger={danger} />
    </form>
  );
}
