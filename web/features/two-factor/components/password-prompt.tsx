import { useEffect, useRef, useState, type FormEvent } from "react";
import { changePasswordSchema } from "../../../../shared/schemas/account.js";
import { Alert } from "../../../components/ui/alert.js";
import { Button } from "../../../components/ui/button.js";
import { Field } from "../../../components/ui/field.js";

interface PasswordPromptProps {
  /** The form's accessible name: what the password is for. */
  label: string;
  /** What the password unlocks, e.g. "Turn off". */
  submitLabel: string;
  pendingLabel: string;
  explanation: string;
  pending: boolean;
  failure: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
  danger?: boolean;
}

/** Every change to two-factor asks for the password again, so an unattended session cannot make one. */
export function PasswordPrompt({ label, submitLabel, pendingLabel, explanation, pending, failure, onSubmit, onCancel, danger }: PasswordPromptProps) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  // A refused password is typed again from scratch.
  useEffect(() => {
    if (failure) input.current?.select();
  }, [failure]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.shape.currentPassword.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{explanation}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field
        ref={input}
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button type="submit" variant={danger ? "danger" : "primary"} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
