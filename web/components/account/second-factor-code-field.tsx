import type { Ref } from "react";
import { Field } from "../ui/field.js";

interface SecondFactorCodeFieldProps {
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Focus it when its dialog opens. */
  autoFocus?: boolean;
  className?: string;
}

/**
 * The one field every confirmation with a second factor asks (money leaving the account, changes
 * to two-factor): the authenticator's current code, or one of the backup codes (letters too, so
 * not a numeric keypad). The server checks it: server/http/second-factor.ts.
 */
export function SecondFactorCodeField({ ref, value, onChange, error, autoFocus, className }: SecondFactorCodeFieldProps) {
  return (
    <Field
      ref={ref}
      {...(autoFocus ? { "data-autofocus": true } : {})}
      label="Authentication code"
      name="twoFactorCode"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={40}
      className={`[&_input]:max-w-72 [&_input]:font-mono [&_input]:tracking-wider ${className ?? ""}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint="The current 6-digit code from your authenticator app, or one of your backup codes. Each code works once."
    />
  );
}
