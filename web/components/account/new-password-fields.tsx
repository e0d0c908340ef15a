import { PASSWORD_MIN } from "#shared/schemas/auth.js";
import { Field } from "#web/components/ui/field.js";

/** The form's name for the new password: "password", or "newPassword" beside a current one. */
type NewPasswordKey = "password" | "newPassword";

interface NewPasswordFieldsProps<K extends NewPasswordKey> {
  /** "Password" on sign-up, "New password" where one replaces another; the second field confirms it. */
  label: "Password" | "New password";
  name: K;
  /** The form's values and messages, keyed as its inputs are named (`name`, then "confirmPassword"). */
  values: Record<K | "confirmPassword", string>;
  errors: Partial<Record<K | "confirmPassword", string>>;
  onChange: (key: K | "confirmPassword", value: string) => void;
  required?: boolean;
}

/** A new password and its confirmation, with the policy stated under the first: sign-up, reset, change. */
export function NewPasswordFields<K extends NewPasswordKey>({ label, name, values, errors, onChange, required }: NewPasswordFieldsProps<K>) {
  return (
    <>
      <Field
        label={label}
        type="password"
        name={name}
        autoComplete="new-password"
        required={required}
        value={values[name]}
        error={errors[name]}
        hint={`At least ${PASSWORD_MIN} characters. Common passwords are refused.`}
        onChange={(event) => onChange(name, event.target.value)}
      />
      <Field
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required={required}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onChange("confirmPassword", event.target.value)}
      />
    </>
  );
}
