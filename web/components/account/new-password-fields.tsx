import { PASSWORD_MIN } from "#shared/schemas/auth.js";
import { Field } from "#web/components/ui/field.js";

interface NewPasswordFieldsProps {
  /** "Password" on sign-up, "New password" where one replaces another; the second field confirms it. */
  label: "Password" | "New password";
  /** The form's name for the new password ("password", or "newPassword" beside a current one). */
  name: string;
  password: string;
  confirmation: string;
  errors: { password?: string; confirmation?: string };
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  required?: boolean;
}

/** A new password and its confirmation, with the policy stated under the first: sign-up, reset, change. */
export function NewPasswordFields({ label, name, password, confirmation, errors, onPassword, onConfirmation, required }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={label}
        type="password"
        name={name}
        autoComplete="new-password"
        required={required}
        value={password}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN} characters. Common passwords are refused.`}
        onChange={(event) => onPassword(event.target.value)}
      />
      <Field
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required={required}
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
      />
    </>
  );
}
